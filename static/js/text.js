// The page scripts' sentences in the reader's language (issue 24): base.html writes
// them as JSON (swissweb/script_text.py); text(key, {name: value}) fills a sentence's
// %(name)s placeholders.  A key the page does not carry is returned as it is.
(() => {
  "use strict";
  let sentences = null;
  window.swisswebText = (key, values) => {
    if (sentences === null) {
      const node = document.getElementById("swissweb-text");
      sentences = node ? JSON.parse(node.textContent) : {};
    }
    const sentence = Object.prototype.hasOwnProperty.call(sentences, key) ? sentences[key] : key;
    return sentence.replace(/%\((\w+)\)s/g, (_, name) =>
      values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : "");
  };
})();
