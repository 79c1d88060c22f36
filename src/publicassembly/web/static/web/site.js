// publicassembly: small progressive enhancements (the pages work without JavaScript).
(function () {
  "use strict";
  // Carmel ch. 31 ¶ B(14), ¶ C(7), interpretation C-18, as the law core reads it (us_ny_carmel/facts.py
  // hours_run_past_midnight): a range of the daily hours whose end is at or before its start, unless it ends
  // at midnight itself; times on the 24-hour clock (H:MM, H.MM) unless written with a.m./p.m.; "noon" and
  // "midnight". true, false, or null when hours are given but no range can be read. Only to show the housing
  // questions: the server decides by the law core.
  var MERIDIEM = "\\s*([ap])\\.?\\s?m\\b\\.?";
  var TIME = new RegExp("(?<![\\d:.])(?:(\\d{1,2})[:.](\\d{2})(?::\\d{2})?(?![\\d:]|\\.\\d)(?:" + MERIDIEM + ")?" +
                        "|(\\d{1,2})" + MERIDIEM + "|\\b(noon)\\b|\\b(midnight)\\b)", "gi");
  var BETWEEN = /^\s*(?:-|\u2013|\u2014|to|until|till|through|thru)\s*$/i;
  function minuteOfDay(m) {
    if (m[6]) { return 720; }
    if (m[7]) { return 1440; }
    var hours = m[1], minutes = m[2], meridiem = m[3];
    if (m[4] !== undefined) { hours = m[4]; minutes = "00"; meridiem = m[5]; }
    var h = parseInt(hours, 10), min = parseInt(minutes, 10);
    if (meridiem) {
      if (h < 1 || h > 12) { return null; }
      h = h % 12 + (meridiem.toLowerCase() === "p" ? 12 : 0);
    }
    if (min > 59 || h > 24 || (h === 24 && min)) { return null; }
    return h * 60 + min;
  }
  function pastMidnight(text) {
    text = text || "";
    if (!text.trim()) { return false; }
    var times = [], m;
    TIME.lastIndex = 0;
    while ((m = TIME.exec(text)) !== null) { times.push(m); }
    var read = false;
    for (var i = 0; i + 1 < times.length; i++) {
      var first = times[i], second = times[i + 1];
      if (!BETWEEN.test(text.slice(first.index + first[0].length, second.index))) { continue; }
      var start = minuteOfDay(first), end = minuteOfDay(second);
      if (start === null || end === null) { continue; }
      read = true;
      if (start === 1440 && first[7]) { start = 0; }
      if (end !== 0 && end !== 1440 && end <= start) { return true; }
    }
    return read ? false : null;
  }
  // A live answer (an HTMX partial) refusing bad input is 422 with the errors beside their fields; HTMX swaps no
  // 4xx answer by itself, so that one is swapped in, as an answer and not as a failed request.
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (e.detail.xhr.status === 422) { e.detail.shouldSwap = true; e.detail.isError = false; }
  });
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
        // shown when it continues into another day, or when its hours cannot be read (C-18: left for review)
        el.hidden = !((f && l && f.value && l.value && l.value > f.value) || (hours && pastMidnight(hours.value) !== false));
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
