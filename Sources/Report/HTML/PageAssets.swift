/// The page's style sheet and script, inline so that the page needs nothing else.
enum PageAssets {
    static let styleSheet = """
    :root { color-scheme: light; font-family: system-ui, "DejaVu Sans", sans-serif; font-size: 15px; color: #1d1d1f; background: #fff; }
    body { margin: 0 auto; padding: 16px 24px 48px; max-width: 1240px; line-height: 1.4; }
    header h1 { font-size: 1.6rem; margin: 8px 0 4px; }
    nav a { margin-right: 14px; }
    h2 { font-size: 1.3rem; border-bottom: 2px solid #d0d0d8; padding-bottom: 4px; margin-top: 32px; }
    h3 { font-size: 1.05rem; margin: 18px 0 6px; }
    table { border-collapse: collapse; margin: 6px 0 12px; width: 100%; }
    th, td { border: 1px solid #d0d0d8; padding: 3px 6px; text-align: left; vertical-align: top; font-size: 0.9rem; }
    th { background: #f2f2f6; }
    code { font-family: "DejaVu Sans Mono", monospace; font-size: 0.85rem; background: #f4f4f7; padding: 0 3px; }
    small { color: #5a5a66; }
    .note { color: #4a4a55; font-size: 0.9rem; }
    dl.facts { display: grid; grid-template-columns: max-content auto; gap: 2px 14px; }
    dl.facts dt { font-weight: 600; }
    dl.facts dd { margin: 0; }
    tr.error td:first-child { color: #b00020; font-weight: 600; }
    tr.warning td:first-child { color: #9a5b00; font-weight: 600; }
    tr.open-question td { color: #4a4a55; font-style: italic; }
    td.display-name { font-weight: 600; }
    .viewer { border-left: 4px solid #6b7cff; padding-left: 10px; margin: 14px 0; }
    .scroller { overflow-x: auto; border: 1px solid #d0d0d8; background: #fafafc; }
    svg.timeline { display: block; font-size: 10px; }
    svg .cue { stroke: #33333a; stroke-width: 0.5; cursor: default; }
    svg .cue:focus { outline: none; stroke: #000; stroke-width: 2; }
    .speed-low { fill: #3fa46a; background: #3fa46a; }
    .speed-near { fill: #e0a526; background: #e0a526; }
    .speed-over { fill: #d9534f; background: #d9534f; }
    .speed-none { fill: #7a86b8; background: #7a86b8; }
    svg .cue.forced { stroke: #5b2a86; stroke-width: 2.5; stroke-dasharray: 4 2; }
    svg .cue.flag-error { stroke: #b00020; stroke-width: 2.5; }
    svg .axis, svg .tick { stroke: #55555f; stroke-width: 1; }
    svg .tick-label, svg .grid-label { fill: #4a4a55; }
    svg .chapter { stroke: #6b7cff; stroke-width: 1.5; stroke-dasharray: 3 3; }
    svg .chapter-title { fill: #3d49b8; }
    svg .mark.error { fill: #b00020; }
    svg .mark.warning { fill: #e07b00; }
    svg .bin-cues { fill: #7a86b8; }
    svg .bin-findings { fill: #e07b00; }
    svg .bin-findings.error { fill: #b00020; }
    svg .bin:focus { outline: none; }
    svg .bin:focus .bin-cues, svg .bin:hover .bin-cues { fill: #3d49b8; }
    p.summarised { font-weight: 600; }
    .swatch { display: inline-block; width: 12px; height: 12px; vertical-align: -1px; border: 1px solid #33333a; }
    .swatch.forced { border: 2px dashed #5b2a86; background: #fff; }
    .cue-text { min-height: 1.4em; font-family: "DejaVu Sans Mono", monospace; font-size: 0.85rem; }
    svg.route { display: block; margin: 8px 0; }
    svg .route-frame { fill: #f4f7fb; stroke: #b8c0d0; }
    svg .grid { stroke: #cfd6e4; stroke-width: 1; }
    svg .route-line { fill: none; stroke: #2a6fdb; stroke-width: 3; stroke-linejoin: round; }
    svg .route-start { fill: #3fa46a; stroke: #fff; stroke-width: 2; }
    svg .route-end { fill: #d9534f; stroke: #fff; stroke-width: 2; }
    svg .route-point { fill: #2a6fdb; }
    .player-row { display: flex; flex-wrap: wrap; gap: 16px; }
    figure { margin: 0; }
    video { background: #000; max-width: 100%; }
    form.caption-style fieldset { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 6px 16px; border: 1px solid #d0d0d8; }
    form.caption-style label { display: block; }
    ul.problems li { color: #9a5b00; }
    dl.sources { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; font-size: 0.85rem; color: #4a4a55; }
    dl.sources dd { margin: 0; }
    """

    /// Caption settings to `::cue` rules, and a focused cue's text under its timeline.
    static let script = """
    (function () {
      "use strict";
      var colors = { white: "255,255,255", black: "0,0,0", red: "255,0,0", green: "0,255,0", blue: "0,0,255",
                     yellow: "255,255,0", magenta: "255,0,255", cyan: "0,255,255" };
      var fonts = { "monospaced-serif": "\\"Courier New\\", \\"Nimbus Mono PS\\", \\"DejaVu Serif\\", monospace",
                    "proportional-serif": "\\"Times New Roman\\", \\"DejaVu Serif\\", serif",
                    "monospaced-sans": "\\"DejaVu Sans Mono\\", Menlo, Consolas, monospace",
                    "proportional-sans": "Arial, Helvetica, \\"DejaVu Sans\\", sans-serif",
                    "casual": "\\"Comic Sans MS\\", \\"Comic Neue\\", cursive",
                    "cursive": "\\"Brush Script MT\\", \\"URW Chancery L\\", cursive",
                    "small-capitals": "Arial, Helvetica, \\"DejaVu Sans\\", sans-serif" };
      var edges = { none: "none", raised: "-1px -1px 0 rgba(255,255,255,0.8), 1px 1px 0 rgba(0,0,0,0.9)",
                    depressed: "1px 1px 0 rgba(255,255,255,0.8), -1px -1px 0 rgba(0,0,0,0.9)",
                    uniform: "-1px 0 0 #000, 1px 0 0 #000, 0 -1px 0 #000, 0 1px 0 #000",
                    "drop-shadow": "2px 2px 3px rgba(0,0,0,0.9)" };
      var form = document.getElementById("caption-style");
      var rules = document.getElementById("caption-style-rules");
      function color(name, opacity) { return "rgba(" + colors[name] + "," + (opacity === "" ? "1" : opacity) + ")"; }
      function update() {
        if (!form || !rules) { return; }
        var f = form.elements, cue = [], box = [];
        if (f.font.value) { cue.push("font-family: " + fonts[f.font.value]); }
        if (f.font.value === "small-capitals") { box.push("font-variant: small-caps"); }
        if (f.size.value) { cue.push("font-size: " + f.size.value + "%"); }
        if (f.color.value) { cue.push("color: " + color(f.color.value, f.opacity.value)); }
        else if (f.opacity.value) { cue.push("opacity: " + f.opacity.value); }
        if (f.background.value) { cue.push("background-color: " + color(f.background.value, f["background-opacity"].value)); }
        else if (f["background-opacity"].value) { cue.push("background-color: rgba(0,0,0," + f["background-opacity"].value + ")"); }
        if (f.window.value) { box.push("background-color: " + color(f.window.value, f["window-opacity"].value)); }
        else if (f["window-opacity"].value) { box.push("background-color: rgba(0,0,0," + f["window-opacity"].value + ")"); }
        if (f.edge.value) { cue.push("text-shadow: " + edges[f.edge.value]); }
        rules.textContent = "video::cue { " + cue.join("; ") + " }\\nvideo::-webkit-media-text-track-display { " + box.join("; ") + " }";
      }
      if (form) { form.addEventListener("change", update); update(); }
      function show(event) {
        var target = event.target;
        if (!target || !target.classList || !target.classList.contains("cue")) { return; }
        var block = target.closest(".timeline-block");
        var out = block && block.querySelector(".cue-text");
        var title = target.querySelector("title");
        if (out && title) { out.textContent = title.textContent.replace(/\\n/g, " "); }
      }
      document.addEventListener("focusin", show);
      document.addEventListener("mouseover", show);
    })();
    """
}
