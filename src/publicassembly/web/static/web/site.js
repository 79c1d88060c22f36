// publicassembly: small progressive enhancements (the pages work without JavaScript).
(function () {
  "use strict";
  // Carmel ch. 31 ¶ B(14), ¶ C(7), interpretation C-18, as the law core reads it (us_ny_carmel/facts.py
  // hours_run_past_midnight): a range of the daily hours whose end is at or before its start, unless it ends
  // at midnight itself; times on the 24-hour clock (H:MM, H.MM) unless written with a.m./p.m.; "noon" and
  // "midnight" ("12 noon", "12 midnight"); a time without a.m./p.m. beside one with a.m./p.m., "noon" or
  // "midnight" read both ways ("8 - 11 pm": 8:00 or 20:00; an hour alone only so), the range read when both
  // give the same answer. true, false, or null when hours are given but no range can be read, or when none runs
  // past midnight and one read both ways gives both answers ("11 - 1 pm"). Only to show the housing
  // questions: the server decides by the law core.
  var MERIDIEM = "\\s*([ap])\\.?\\s?m\\b\\.?";
  var TWELVE = "(?:12(?:[:.]00)?\\s*|\\b)";
  var TIME = new RegExp("(?<![\\d:.])(?:" + TWELVE + "(noon)\\b|" + TWELVE + "(midnight)\\b" +
                        "|(\\d{1,2})[:.](\\d{2})(?::\\d{2})?(?![\\d:]|\\.\\d)(?:" + MERIDIEM + ")?" +
                        "|(\\d{1,2})" + MERIDIEM + "|\\b(\\d{1,2})(?![\\w:]|\\.\\d))", "gi");
  var BETWEEN = /^\s*(?:-|\u2013|\u2014|to|until|till|through|thru)\s*$/i;
  function twelveHour(m) { return !!(m[1] || m[2] || m[5] || m[7]); }
  function readings(m, besideTwelveHour) {
    if (m[1]) { return [720]; }
    if (m[2]) { return [1440]; }
    var hours = m[3], minutes = m[4], meridiem = m[5];
    if (m[8] !== undefined) {
      if (!besideTwelveHour) { return []; }
      hours = m[8]; minutes = "00";
    } else if (m[6] !== undefined) { hours = m[6]; minutes = "00"; meridiem = m[7]; }
    var h = parseInt(hours, 10), min = parseInt(minutes, 10);
    if (meridiem) {
      if (h < 1 || h > 12) { return []; }
      return min <= 59 ? [(h % 12 + (meridiem.toLowerCase() === "p" ? 12 : 0)) * 60 + min] : [];
    }
    if (min > 59 || h > 24 || (h === 24 && min)) { return []; }
    if (besideTwelveHour && h >= 1 && h <= 12) { return [h % 12 * 60 + min, (h % 12 + 12) * 60 + min]; }
    return [h * 60 + min];
  }
  function pastMidnight(text) {
    text = text || "";
    if (!text.trim()) { return false; }
    var times = [], m;
    TIME.lastIndex = 0;
    while ((m = TIME.exec(text)) !== null) { times.push(m); }
    var read = false, doubtful = false;
    for (var i = 0; i + 1 < times.length; i++) {
      var first = times[i], second = times[i + 1];
      if (!BETWEEN.test(text.slice(first.index + first[0].length, second.index))) { continue; }
      var starts = readings(first, twelveHour(second)), ends = readings(second, twelveHour(first));
      if (first[2]) { starts = [0]; }  // "midnight to 6 a.m.": from the midnight that begins the day
      var past = false, notPast = false;
      starts.forEach(function (s) {
        ends.forEach(function (e) { if (e !== 0 && e !== 1440 && e <= s) { past = true; } else { notPast = true; } });
      });
      if (past && notPast) { doubtful = true; } else if (past) { return true; } else if (notPast) { read = true; }
    }
    return (doubtful || !read) ? null : false;
  }
  // A live answer (an HTMX partial) refusing bad input is 422 with the errors beside their fields; HTMX swaps no
  // 4xx answer by itself, so that one is swapped in, as an answer and not as a failed request.
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (e.detail.xhr.status === 422) { e.detail.shouldSwap = true; e.detail.isError = false; }
  });
  // The live answer swaps in each field's errors (its err-<id> element, out of band) but not the inputs: each
  // input is then marked as the server marks it (web_tags.control) — aria-invalid="true" and aria-describedby
  // naming its err-<id> element while that holds an error, no aria-invalid once it is empty — and its
  // field's error style (has-error) follows.
  function markErrors() {
    document.querySelectorAll('.errors[id^="err-"]').forEach(function (box) {
      var ctl = document.getElementById(box.id.slice(4));
      if (!ctl) { return; }
      var invalid = box.querySelector(".error") !== null;
      var inputs = ctl.matches("input, select, textarea") ? [ctl] : ctl.querySelectorAll("input, select, textarea");
      inputs.forEach(function (c) {
        if (!invalid) { c.removeAttribute("aria-invalid"); return; }
        c.setAttribute("aria-invalid", "true");
        var ids = (c.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
        if (ids.indexOf(box.id) < 0) { ids.push(box.id); c.setAttribute("aria-describedby", ids.join(" ")); }
      });
      var field = ctl.closest(".field");
      if (field) { field.classList.toggle("has-error", invalid); }
    });
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
        // shown when it continues into another day, or when its hours cannot be read (C-18: left for review)
        el.hidden = !((f && l && f.value && l.value && l.value > f.value) || (hours && pastMidnight(hours.value) !== false)) && !refused(el);
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
      el.hidden = !show && !refused(el);
    });
  }
  // A section holding a field the server refused stays in view, the refusal beside its answer (kept in the form).
  function refused(el) { return !!el.querySelector(".field.has-error"); }
  document.addEventListener("DOMContentLoaded", function () {
    place(document);
    document.addEventListener("change", function () { place(document); });
    document.addEventListener("input", function (e) { if (e.target.name === "daily_hours") { place(document); } });
    document.body.addEventListener("htmx:afterSwap", function (e) { place(e.target); markErrors(); });
    var lang = document.getElementById("language");
    if (lang) { lang.addEventListener("change", function () { lang.form.submit(); }); }
  });
})();
