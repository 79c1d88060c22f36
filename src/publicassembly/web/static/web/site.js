// publicassembly: small progressive enhancements (the pages work without JavaScript).
(function () {
  "use strict";
  function place(root) {
    (root || document).querySelectorAll(".timeline .tick[data-pos]").forEach(function (t) {
      t.style.left = t.getAttribute("data-pos") + "%";
    });
    (root || document).querySelectorAll("[data-show-when]").forEach(function (el) {
      var when = el.getAttribute("data-show-when");
      if (when === "multiday") {
        var f = document.getElementsByName("first_day")[0], l = document.getElementsByName("last_day")[0];
        el.hidden = !(f && l && f.value && l.value && l.value > f.value);
        return;
      }
      var spec = when.split("=");
      var ctl = document.getElementsByName(spec[0]);
      var values = spec[1].split("|");  // "sponsor_kind=church|civic_group": any of the values
      var show = false;
      ctl.forEach(function (c) {
        if ((c.type === "checkbox" || c.type === "radio") ? (c.checked && values.indexOf(c.value) >= 0) : values.indexOf(c.value) >= 0) { show = true; }
        if (c.type === "checkbox" && spec[1] === "on" && c.checked) { show = true; }
      });
      el.hidden = !show;
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    place(document);
    document.addEventListener("change", function () { place(document); });
    document.body.addEventListener("htmx:afterSwap", function (e) { place(e.target); });
    var lang = document.getElementById("language");
    if (lang) { lang.addEventListener("change", function () { lang.form.submit(); }); }
  });
})();
