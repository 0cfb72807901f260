"""Uploaded files read as text, bounded and decoded before any work (#21).

An upload larger than ``MAX_UPLOAD_MB`` (default 5 MB: a 10,000-player TRF or CSV is
about 1 MB) is refused before it is read.  The text is UTF-8 (with or without a byte
order mark), UTF-16 with its byte order mark, or else a one-byte Windows or Latin-1
file, as the TRF reader decodes it; a file full of NUL bytes without a byte order mark
(UTF-16 saved without one) is refused with a message that says so, rather than read as
gibberish and refused later with a confusing one.
"""

from __future__ import annotations

import codecs

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.rounds.engine_door import decode_trf


class UploadRefused(TournamentError):
    """The file is too large or not text we can read; nothing was changed."""


KINDS: dict[str, Promise] = {
    "TRF file": gettext_lazy("TRF file"),
    "CSV file": gettext_lazy("CSV file"),
}
"""The files callers name (their ``what``), as the messages say them."""


def _kind(what: str) -> str:
    return str(KINDS.get(what, what))


def limit_mb() -> float:
    """The largest upload accepted, in MB (``MAX_UPLOAD_MB``)."""
    return float(getattr(settings, "MAX_UPLOAD_MB", 5))


def upload_text(upload: UploadedFile, *, what: str) -> str:
    """The text of ``upload`` (``what`` names it in messages: "TRF file", "CSV file",
    said in the user's language).

    :raises UploadRefused: too large, or UTF-16 without a byte order mark.
    """
    limit = int(limit_mb() * 1024 * 1024)
    size = upload.size or 0
    if size > limit:
        message = _(
            # Translators: %(what)s is "TRF file" or "CSV file"; the sizes are in megabytes.
            "The %(what)s is %(size)s MB; files up to %(limit)s MB are accepted. Nothing was "
            "changed."
        )
        raise UploadRefused(
            message
            % {
                "what": _kind(what),
                "size": f"{size / 1024 / 1024:.1f}",
                "limit": f"{limit_mb():g}",
            }
        )
    return decode_text(upload.read(limit + 1), what=what)


def decode_text(data: bytes, *, what: str) -> str:
    """Decode an uploaded file's bytes (see the module docstring)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            # Translators: %(what)s is "TRF file" or "CSV file".
            message = _("The %(what)s says it is UTF-16 but is not.")
            raise UploadRefused(message % {"what": _kind(what)}) from None
    if b"\x00" in data[:4096]:
        message = _(
            # Translators: %(what)s is "TRF file" or "CSV file".
            "The %(what)s holds NUL bytes: it looks like UTF-16 saved without a byte order "
            "mark. Save it as UTF-8 (or 'Unicode' with a byte order mark) and upload it "
            "again. Nothing was changed."
        )
        raise UploadRefused(message % {"what": _kind(what)})
    if (offset := data.find(b"\x00")) >= 0:
        # Translators: %(what)s is "TRF file" or "CSV file"; offset a number of bytes.
        message = _(
            "The %(what)s holds a NUL byte (at byte %(offset)s), which no text may hold. "
            "Nothing was changed."
        )
        raise UploadRefused(message % {"what": _kind(what), "offset": offset + 1})
    return decode_trf(data)
