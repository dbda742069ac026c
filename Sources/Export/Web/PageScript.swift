/// `parallax.js`: lays the page out for its own width by the app's rules (on load and on
/// resize only), and, where the browser lacks scroll-driven animations or `?engine=js` asks,
/// moves the visible cells' images from the scroll event, once per animation frame: the
/// scroll-callback strategy of Kurutepe's post, in the browser.
///
/// The layout functions port `FlowGeometry`, `TableRowGeometry`, `QuiltGeometry` and
/// `CoverFlowGeometry` line for line, and the displacement functions port the five files in
/// `ParallaxKit/Parallax/`; the Chromium test checks both against the Swift originals.
enum PageScript {
    static let text = #"""
"use strict";
(function () {
  const scene = JSON.parse(document.getElementById("scene").textContent);
  const root = document.documentElement;
  const scroller = document.querySelector("[data-scroller]");
  const content = scroller.querySelector(".content");
  const vertical = scene.axis === "vertical";
  const insets = scene.insets;
  const forced = new URLSearchParams(location.search).get("engine");
  const cssSupported = window.CSS && CSS.supports("animation-timeline: view()");
  const engine = forced === "js" || forced === "css" ? forced : (cssSupported ? "css" : "js");
  root.dataset.engine = engine;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  // ?stats: the script engine's cost, read by scripts/browser-scroll-cost.py.
  const stats = new URLSearchParams(location.search).has("stats") ? { updates: 0, totalMs: 0, maxMs: 0 } : null;
  window.parallaxStats = stats;

  // ---- layout: the app's ItemGeometry rules ----
  function ratioOf(item) { return scene.photos.length ? scene.photos[item % scene.photos.length].ratio : 1; }

  function flowFrames(g, n, width) {
    const count = g.columns != null ? Math.max(1, g.columns)
      : Math.max(1, Math.trunc((width + g.spacing) / (g.minColumnWidth + g.spacing)));
    const columnWidth = Math.max(0, (width - (count - 1) * g.spacing) / count);
    const frames = [];
    const bottoms = new Array(count).fill(0);
    const fixed = g.fixedHeight != null ? Math.round(Math.max(g.fixedHeight, g.footer + 1)) : null;
    for (let item = 0; item < n; item++) {
      let column = 0;
      for (let c = 1; c < count; c++) if (bottoms[c] < bottoms[column]) column = c;
      const h = fixed != null ? fixed : Math.round(columnWidth / ratioOf(item)) + g.footer;
      frames.push({ x: column * (columnWidth + g.spacing), y: bottoms[column], w: columnWidth, h: h });
      bottoms[column] += h + g.spacing;
    }
    return { frames, width, height: n > 0 ? Math.max(...bottoms) - g.spacing : 0 };
  }

  function tableFrames(g, n, width) {
    const frames = [];
    let y = 0;
    for (let item = 0; item < n; item++) { frames.push({ x: 0, y, w: width, h: g.rowHeight }); y += g.rowHeight + g.spacing; }
    return { frames, width, height: n > 0 ? y - g.spacing : 0 };
  }

  // QuiltGeometry.span: wide and tall photos get wide and tall tiles, one square in five big,
  // chosen by the same 64-bit multiplicative hash.
  function quiltSpan(g, item) {
    const ratio = ratioOf(item);
    if (ratio >= g.wideRatio) return [2, 1];
    if (ratio <= g.tallRatio) return [1, 2];
    const h = BigInt.asUintN(64, BigInt(item) * 0x9E3779B97F4A7C15n) >> 59n;
    return h < 26n ? [1, 1] : [2, 2];
  }

  function quiltFrames(g, n, width) {
    const columns = Math.min(64, Math.max(2, Math.trunc(width / Math.max(g.blockSide, 1))));
    const side = width / columns;
    const inset = Math.min(g.tileInset, Math.max(0, side / 2 - 0.5));
    const rows = [];
    let firstOpenRow = 0, usedRows = 0;
    const frames = [];
    const full = (r) => rows[r].every(Boolean);
    for (let item = 0; item < n; item++) {
      let [w, h] = quiltSpan(g, item);
      w = Math.min(w, columns);
      let row = firstOpenRow, placed = -1;
      while (placed < 0) {
        while (rows.length < row + h) rows.push(new Array(columns).fill(false));
        for (let c = 0; c + w <= columns && placed < 0; c++) {
          let fits = true;
          for (let r = row; r < row + h && fits; r++) for (let k = c; k < c + w; k++) if (rows[r][k]) { fits = false; break; }
          if (fits) placed = c;
        }
        if (placed < 0) row++;
      }
      for (let r = row; r < row + h; r++) for (let k = placed; k < placed + w; k++) rows[r][k] = true;
      usedRows = Math.max(usedRows, row + h);
      while (firstOpenRow < rows.length && full(firstOpenRow)) firstOpenRow++;
      frames.push({ x: placed * side + inset, y: row * side + inset, w: w * side - 2 * inset, h: h * side - 2 * inset });
    }
    return { frames, width, height: usedRows * side };
  }

  function coverSide(g, viewportHeight) {
    if (g.fixedCoverSide != null) return Math.max(1, g.fixedCoverSide);
    return Math.max(1, Math.min(g.maximumCoverSide, viewportHeight * g.coverFraction));
  }

  function coverFlowFrames(g, n, height, viewportHeight) {
    const side = Math.round(coverSide(g, viewportHeight));
    const padding = Math.round(coverSide(g, viewportHeight) * g.paddingFraction);
    const cellWidth = side + 2 * padding;
    const spacing = -padding * g.overlapFraction + g.gap;
    const y = Math.round((height - side) / 2 + side * 0.06);
    const frames = [];
    let x = 0;
    for (let item = 0; item < n; item++) { frames.push({ x, y, w: cellWidth, h: side }); x += cellWidth + spacing; }
    return { frames, width: n > 0 ? x - spacing : 0, height };
  }

  function layOut(viewportWidth, viewportHeight) {
    const g = scene.layout, n = scene.itemCount;
    const width = Math.max(0, viewportWidth - insets.left - insets.right);
    const height = Math.max(0, viewportHeight - insets.top - insets.bottom);
    switch (g.kind) {
      case "flow": return flowFrames(g, n, width);
      case "table": return tableFrames(g, n, width);
      case "quilt": return quiltFrames(g, n, width);
      default: return coverFlowFrames(g, n, height, viewportHeight);
    }
  }

  // ---- the articles' mappings, in the app's convention: displacement from centred, in px ----
  // The tuned amount, or while the reader prefers reduced motion the reduced one (none: still).
  let A = scene.amount;
  const clamp = (v, lo, hi) => Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : 0;
  function displacement(f, b) {
    switch (scene.mapping) {
      case "begemann":
      case "kurutepe": {
        const reach = b.h / 2 + f.h / 2;
        if (!(reach > 0)) return 0;
        const d = clamp((b.y + b.h / 2 - (f.y + f.h / 2)) * A / reach, -A, A);
        return scene.mapping === "begemann" ? d : -d;
      }
      case "leth": {
        const label = scene.style.labelHeight;
        const containerMaxY = f.y + f.h - b.y - label;
        const span = b.h + (f.h - label) - insets.top - insets.bottom;
        const ratio = span > 0 ? clamp((containerMaxY - insets.top) / span, 0, 1) : 0.5;
        return -2 * A * ratio + A;
      }
      case "patel": {
        const span = b.h + f.h;
        const factor = span > 0 ? clamp((f.y - b.y + f.h) / span, 0, 1) : 0.5;
        return -(1 - factor) * 2 * A + A;
      }
      default: {
        const minX = b.x - f.w, maxX = b.x + b.w;
        const p = maxX > minX ? clamp(2 / (maxX - minX) * (f.x - minX) - 1, -1, 1) : 0;
        return -A * p;
      }
    }
  }

  // ---- cells ----
  const style = scene.style;
  const cells = [];
  function image(photo, className) {
    if (photo.problem) return text("div", className + " cant-show", photo.problem);
    const img = document.createElement("img");
    img.className = className;
    img.alt = photo.title;
    img.decoding = "async";
    img.loading = "lazy";
    img.src = photo.src;
    img.srcset = photo.src + " " + photo.width + "w, " + photo.src2x + " " + (2 * photo.width) + "w";
    return img;
  }
  function text(tag, className, value) {
    const e = document.createElement(tag);
    e.className = className;
    e.textContent = value;
    return e;
  }
  function makeCell(item) {
    const cell = document.createElement("div");
    cell.className = "cell " + style.kind;
    cell.dataset.item = String(item);
    const photo = scene.photos.length ? scene.photos[item % scene.photos.length] : null;
    let moving = [];
    if (style.kind === "coverStack") {
      for (let i = style.layers - 1; i >= 0; i--) {
        const cover = scene.covers[(item + i) % scene.covers.length];
        const img = image(cover, i === style.layers - 1 ? "cover parallax-image" : "cover parallax-layer");
        img.dataset.layer = String(i);
        img.style.setProperty("--layer", String(i));
        cell.append(img);
        moving.push([img, i / (style.layers - 1)]);
      }
      const cover = scene.covers[item % scene.covers.length];
      cell.append(text("p", "title", cover.title), text("p", "subtitle", "Album " + (item + 1)));
    } else if (style.kind === "captioned") {
      const area = document.createElement("div");
      area.className = "image-area parallax-clip";
      const img = image(photo, "parallax-image");
      area.append(img);
      cell.append(area, text("p", "title", photo.title), text("p", "subtitle", "Photo " + (item + 1)));
      moving.push([img, 1]);
    } else {
      cell.classList.add("parallax-clip");
      const img = image(photo, "parallax-image");
      cell.append(img);
      moving.push([img, 1]);
      if (style.kind === "tintedRow") cell.append(text("p", "row-title", photo.title + " \u00b7 row " + (item + 1)));
    }
    cells.push({ cell, moving, frame: null, shown: NaN });
    return cell;
  }

  let layout = null;
  // Cells sorted by their leading edge, and the longest cell, to find the visible ones by
  // bisection: the scroll callback touches visible cells only, as Kurutepe's does.
  let order = [], longest = 0;
  function applyLayout() {
    const w = scroller.clientWidth, h = scroller.clientHeight;
    layout = layOut(w, h);
    content.style.width = vertical ? "" : (layout.width + insets.left + insets.right) + "px";
    content.style.height = vertical ? (layout.height + insets.top + insets.bottom) + "px" : "";
    if (!cells.length) {
      const fragment = document.createDocumentFragment();
      for (let item = 0; item < scene.itemCount; item++) fragment.append(makeCell(item));
      content.append(fragment);
    }
    layout.frames.forEach((f, item) => {
      const c = cells[item];
      c.frame = f;
      c.shown = NaN;
      const s = c.cell.style;
      s.left = (f.x + insets.left) + "px";
      s.top = (f.y + insets.top) + "px";
      s.width = f.w + "px";
      s.height = f.h + "px";
      s.setProperty("--h", f.h + "px");
      // srcset's width descriptors pick by the width drawn, not the window's (sizes' default).
      const drawn = (style.kind === "coverStack" ? f.h : f.w) + "px";
      for (const [img] of c.moving) if (img.tagName === "IMG" && img.sizes !== drawn) img.sizes = drawn;
    });
    const lead = vertical ? (f) => f.y : (f) => f.x;
    order = layout.frames.map((f, i) => i).sort((a, b) => lead(layout.frames[a]) - lead(layout.frames[b]));
    longest = layout.frames.reduce((m, f) => Math.max(m, vertical ? f.h : f.w), 0);
    root.dataset.ready = "1";
  }

  // ---- the script engine ----
  function bounds() {
    return { x: scroller.scrollLeft - insets.left, y: scroller.scrollTop - insets.top, w: scroller.clientWidth, h: scroller.clientHeight };
  }
  function place(c, d) {
    if (c.shown === d) return;
    c.shown = d;
    for (const [img, share] of c.moving) img.style.transform = vertical ? "translateY(" + d * share + "px)" : "translateX(" + d * share + "px)";
  }
  function update() {
    const started = stats ? performance.now() : 0;
    pending = false;
    if (!layout) return;
    const b = bounds();
    A = reducedMotion.matches ? (scene.reducedAmount || 0) : scene.amount;
    const still = !scene.motion || A === 0;
    const start = vertical ? b.y : b.x, end = start + (vertical ? b.h : b.w);
    const lead = vertical ? (f) => f.y : (f) => f.x;
    // The first cell whose leading edge is past start − longest: nothing before it is visible.
    let lo = 0, hi = order.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (lead(layout.frames[order[mid]]) < start - longest) lo = mid + 1; else hi = mid; }
    for (let k = lo; k < order.length; k++) {
      const item = order[k], f = layout.frames[item];
      if (lead(f) > end) break;
      place(cells[item], still ? 0 : displacement(f, b));
    }
    if (stats) {
      const ms = performance.now() - started;
      stats.updates++;
      stats.totalMs += ms;
      stats.maxMs = Math.max(stats.maxMs, ms);
    }
  }
  let pending = false;
  function schedule() { if (!pending) { pending = true; requestAnimationFrame(update); } }

  applyLayout();
  window.addEventListener("resize", () => { applyLayout(); if (engine === "js") update(); });
  if (engine === "js") {
    scroller.addEventListener("scroll", schedule, { passive: true });
    reducedMotion.addEventListener("change", update);
    update();
  }
})();
"""#
}
