"""Every sentence a reader sees is marked for translation (#24).

Two readers of the sources, each tested on a sample it must catch:

- templates: the text between tags and the attributes a reader sees (``title``,
  ``placeholder``, ``aria-label``, ``alt``, a button's ``value``) hold no word outside
  ``{% translate %}`` / ``{% blocktranslate %}``;
- Python: what goes to a reader (``messages.*``, ``ValidationError``, a service's
  ``TournamentError`` and its list of changes, form and model labels and help texts,
  choices' labels) is a ``gettext`` call, never a bare string.

A word in capitals (``FIDE``, ``TRF``, ``BH``, ``PGN``) is a code or a name and is the
same in every language; so are the product's name and the few names in ``SAME``.
"""

from __future__ import annotations

import ast
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.apps import apps
from django.db.models import GeneratedField
from django.template.base import Lexer, TokenType
from django.utils import translation
from django.utils.functional import Promise

from pairing.engine import SYSTEMS, rules_for
from pairing.engine import tiebreaks as engine
from swissweb.tournament.core import errors
from swissweb.tournament.events import rule_names

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
SOURCES = ROOT / "swissweb"

WORD = re.compile(r"[^\W\d_]{2,}")
SAME = {"swissweb", "Elo", "Buchholz", "Sonneborn", "Berger", "Hort", "Koya"}
"""Words every language writes alike: the product, and names of people in rule names."""
READ_ATTRIBUTES = {"title", "placeholder", "aria-label", "alt", "label"}
HOLE = " "
"""Where a ``{{ variable }}`` or a ``{% tag %}`` stood in a template's text (a blank, so
that a tag inside an element's start, ``<body{% if %} ...{% endif %}>``, still reads
as HTML), or a value in an f-string."""


def unmarked_words(text: str) -> list[str]:
    """The words of ``text`` a translator would have to translate."""
    return [word for word in WORD.findall(text) if not word.isupper() and word not in SAME]


def _skeleton(source: str) -> str:
    """The template's own text, with every tag and variable a hole, and the text of
    ``blocktranslate``, ``comment`` and ``verbatim`` blocks left out."""
    parts: list[str] = []
    skip_until: str | None = None
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents else ""
            if skip_until is not None:
                if name == skip_until:
                    skip_until = None
                parts.append(HOLE)
                continue
            if name in ("blocktranslate", "blocktrans", "comment", "verbatim"):
                skip_until = "end" + name
            parts.append(HOLE)
        elif token.token_type == TokenType.TEXT:
            if skip_until is None:
                parts.append(token.contents)
        else:
            parts.append(HOLE)
    return "".join(parts)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._code = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._code += 1
        values = dict(attrs)
        for name, value in attrs:
            readable = name in READ_ATTRIBUTES or (
                name == "value" and tag == "input" and values.get("type") in ("submit", "button")
            )
            if readable and value and unmarked_words(value):
                self.found.append(f"<{tag} {name}={value!r}>")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._code = max(0, self._code - 1)

    def handle_data(self, data: str) -> None:
        if not self._code and unmarked_words(data):
            self.found.append(" ".join(data.split()))


def unmarked_in_template(source: str) -> list[str]:
    """Texts of a template that a reader sees and no translation tag holds."""
    reader = _Reader()
    reader.feed(_skeleton(source))
    reader.close()
    return reader.found


def test_every_template_sentence_is_marked_for_translation() -> None:
    found = {
        str(path.relative_to(ROOT)): texts
        for path in sorted(TEMPLATES.rglob("*.html"))
        if (texts := unmarked_in_template(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_template_reader_finds_unmarked_text_and_attributes() -> None:
    source = (
        "{% load i18n %}<h1>Standings</h1><p title='Board {{ n }}'>{% translate 'Round' %}"
        "</p><input type='submit' value='Save'>{% blocktranslate %}Round {{ n }}"
        "{% endblocktranslate %}<td>{{ x }} BH</td>{% comment %}a note{% endcomment %}"
        "<script>const a = 'words here';</script>"
    )
    assert unmarked_in_template(source) == [
        "Standings",
        "<p title='Board  '>",
        "<input value='Save'>",
    ]


# Python: what reaches a reader.

GETTEXT = {
    "_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext", "pgettext_lazy",
    "npgettext", "npgettext_lazy", "format_lazy", "t",
}  # fmt: skip
MESSAGE_CALLS = {"success", "error", "info", "warning", "debug"}
LABELS = {"label", "help_text", "verbose_name", "verbose_name_plural", "empty_label"}


def _refusals() -> set[str]:
    found = set()
    todo: list[type] = [errors.TournamentError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return found | {"ValidationError"}


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _bare(node: ast.expr | None) -> list[str]:
    """The bare strings with words in ``node`` (a gettext call holds none)."""
    if node is None:
        return []
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if unmarked_words(node.value) else []
    if isinstance(node, ast.JoinedStr):
        text = "".join(
            str(part.value) if isinstance(part, ast.Constant) else HOLE for part in node.values
        )
        return [text] if unmarked_words(str(text)) else []
    if isinstance(node, ast.Call) and _name(node.func) in GETTEXT:
        return []
    if isinstance(node, ast.BinOp):
        return _bare(node.left) + _bare(node.right)
    if isinstance(node, ast.IfExp):
        return _bare(node.body) + _bare(node.orelse)
    if isinstance(node, ast.List | ast.Tuple):
        return [text for element in node.elts for text in _bare(element)]
    return []


def unmarked_in_python(source: str) -> list[str]:
    """Strings of a module that reach a reader without a gettext call."""
    refusals = _refusals()
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            owner = node.func.value if isinstance(node.func, ast.Attribute) else None
            if name in MESSAGE_CALLS and owner is not None and _name(owner) == "messages":
                found += _bare(node.args[1] if len(node.args) > 1 else None)
            elif name in refusals and node.args:
                found += _bare(node.args[0])
            elif name == "add_error" and len(node.args) > 1:
                found += _bare(node.args[1])
            for keyword in node.keywords:
                if keyword.arg in LABELS or (keyword.arg == "changes" and name in refusals):
                    found += _bare(keyword.value)
        elif isinstance(node, ast.ClassDef) and any(
            _name(base) in ("TextChoices", "IntegerChoices") for base in node.bases
        ):
            for statement in node.body:
                if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Tuple):
                    found += _bare(statement.value.elts[-1])
    return found


def _python_sources() -> list[Path]:
    return [
        path
        for path in sorted(SOURCES.rglob("*.py"))
        if "migrations" not in path.parts and "management" not in path.parts
    ]


def test_every_python_message_is_marked_for_translation() -> None:
    found = {
        str(path.relative_to(ROOT)): texts
        for path in _python_sources()
        if (texts := unmarked_in_python(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_python_reader_finds_unmarked_messages() -> None:
    source = (
        "class Kind(models.TextChoices):\n"
        "    BYE = 'B', 'Bye'\n"
        "    LATE = 'L', _('Late')\n"
        "def view(request, n):\n"
        "    messages.success(request, f'Round {n} paired.')\n"
        "    messages.error(request, _('Nothing saved.'))\n"
        "    field = forms.CharField(label='Name', help_text=_('As on the list'))\n"
        "    raise RoundLocked('The round is published.', changes=['x moves'])\n"
    )
    assert unmarked_in_python(source) == [
        "Bye",
        f"Round {HOLE} paired.",
        "Name",
        "The round is published.",
        "x moves",
    ]


@pytest.mark.parametrize("word", ["FIDE", "BH", "swissweb", "½"])
def test_codes_and_names_need_no_translation(word: str) -> None:
    assert unmarked_words(word) == []


def test_every_model_field_has_a_translated_name() -> None:
    """A form's label, a confirmation's "Venue: old → new" and an audit line name a field
    by its ``verbose_name``: Django's default, the attribute's own name, is English.
    A generated column is never shown (and naming it would make SQLite rebuild its table,
    dropping the triggers that guard it)."""

    bare = [
        f"{model.__name__}.{field.name}"
        for app in ("tournament", "ratings")
        for model in apps.get_app_config(app).get_models()
        for field in model._meta.get_fields()
        if not field.auto_created
        and not isinstance(field, GeneratedField)
        and not isinstance(getattr(field, "verbose_name", None), Promise)
    ]
    assert bare == []


def test_the_engines_names_have_translatable_twins() -> None:
    """Every rule text, tie-break and modifier the engine names has its name in
    ``rule_names``, in English word for word the engine's."""

    with translation.override("en-gb"):
        assert {k: str(v) for k, v in rule_names.RULE_TEXTS.items()} == {
            s.value: rules_for(s.value).rule_text for s in SYSTEMS
        }
        assert {k: str(v) for k, v in rule_names.TIEBREAK_NAMES.items()} == dict(
            engine.DESCRIPTIONS
        )
        assert {k: str(v) for k, v in rule_names.MODIFIER_NAMES.items()} == dict(
            engine.MODIFIER_NAMES
        )
