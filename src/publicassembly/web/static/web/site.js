// publicassembly: small progressive enhancements (the pages work without JavaScript).
(function () {
  "use strict";
  // Carmel ch. 31 ¶ B(14), ¶ C(7), interpretation C-18, as the law core reads it (us_ny_carmel/facts.py
  // hours_run_past_midnight): a range of the daily hours whose end is at or before its start, unless it ends
  // at midnight itself; times on the 24-hour clock unless written with a.m./p.m. Only to show the housing
  // questions: the server decides by the law core which answers are kept.
  var TIME = "(\\d{1,2}):(\\d{2})(?::\\d{2})?(?:\\s*([ap])\\.?\\s?m\\b\\.?)?";
  var RANGE = new RegExp("(?<![\\d:])" + TIME + "\\s*(?:-|\u2013|\u2014|\\bto\\b|\\buntil\\b|\\btill\\b)\\s*" + TIME, "gi");
  function minuteOfDay(h, m, meridiem) {
    var hours = parseInt(h, 10);
    if (meridiem) { hours = hours % 12 + (meridiem.toLowerCase() === "p" ? 12 : 0); }
    return hours * 60 + parseInt(m, 10);
  }
  function pastMidnight(text) {
    var match;
    RANGE.lastIndex = 0;
    while ((match = RANGE.exec(text || "")) !== null) {
      var start = minuteOfDay(match[1], match[2], match[3]), end = minuteOfDay(match[4], match[5], match[6]);
      if (end !== 0 && end !== 1440 && end <= start) { return true; }
    }
    return false;
  }
  window.publicassemblyPastMidnight = pastMidnight;  // (for the browser test that compares it with the law core)
  function place(root) {
    (root || document).querySelectorAll(".timeline .tick[data-pos]").forEach(function (t) {
      t.style.left = t.getAttribute("data-pos") + "%";
    });
    (root || document).querySelectorAll("[data-show-when]").forEach(function (el) {
      var when = el.getAttribute("data-show-when");
      if (when === "multiday") {
        var f = document.getElementsByName("first_day")[0], l = document.getElementsByName("last_day")[0];
        var hours = document.getElementsByName("daily_hours")[0];
        el.hidden = !((f && l && f.value && l.value && l.value > f.value) || (hours && pastMidnight(hours.value)));
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
    document.addEventListener("input", function (e) { if (e.target.name === "daily_hours") { place(document); } });
    document.body.addEventListener("htmx:afterSwap", function (e) { place(e.target); });
    var lang = document.getElementById("language");
    if (lang) { lang.addEventListener("change", function () { lang.form.submit(); }); }
  });
})();
