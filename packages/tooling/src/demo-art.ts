import type { DemoSweet } from "@mithai/db/seed/demo-catalog";

/** Demo catalogue pictures: a plate of sweets on a table, drawn as a plain SVG (960x720) from the sweet's colours. */
type SweetArt = DemoSweet["art"];
type Point = [number, number];
interface TopFace { x: number; y: number; rx: number; ry: number }
interface Piece { svg: string; top: TopFace; covered?: boolean }
/** One picture being drawn: its seeded random numbers, its SVG defs, and the prefix that keeps its ids apart from another picture's. */
interface Drawing { random: () => number; defs: string[]; idPrefix: string; nextId: number }

const PLANE_SQUASH = 0.56; // vertical squash of the table plane (camera tilt)
const PLATE = { x: 480, y: 388, rx: 396, ry: 222 };
const PLATE_FLOOR_RADIUS = 300; // usable radius of the plate floor, in plane units

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
function mulberry32(a: number): () => number {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Coordinates to one decimal: finer would only make the files bigger. */
const svgNumber = (n: number) => String(Math.round(n * 10) / 10);
const rgb = (h: string): number[] => {
  const m = /^#?([0-9a-f]{6})$/i.exec(h.trim());
  const v = m ? parseInt(m[1]!, 16) : 0x999999;
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
};
function mix(a: string, b: string, t: number): string {
  const A = rgb(a), B = rgb(b);
  return "#" + A.map((x, i) => Math.round(x + ((B[i] ?? 0) - x) * t).toString(16).padStart(2, "0")).join("");
}
const lighten = (c: string, t: number) => mix(c, "#fff8ec", t);
const darken = (c: string, t: number) => mix(c, "#1a0800", t);
/** Perceived brightness, 0 (black) to 1 (white). */
const luminance = (c: string) => rgb(c).reduce((s, x, i) => s + x * ([0.3, 0.59, 0.11][i] ?? 0), 0) / 255;
const randomBetween = (drawing: Drawing, a: number, b: number) => a + (b - a) * drawing.random();
const pointList = (p: Point[]) => p.map(([x, y]) => `${svgNumber(x)},${svgNumber(y)}`).join(" ");
const rotate = (p: Point[], a: number): Point[] => p.map(([u, v]) => [u * Math.cos(a) - v * Math.sin(a), u * Math.sin(a) + v * Math.cos(a)]);

function gradient(drawing: Drawing, kind: "linear" | "radial", stops: [number, string, number?][], geo: string): string {
  const id = `${drawing.idPrefix}g${drawing.nextId++}`;
  const s = stops.map(([o, col, op]) => `<stop offset="${o}" stop-color="${col}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`);
  drawing.defs.push(`<${kind}Gradient id="${id}" ${geo}>${s.join("")}</${kind}Gradient>`);
  return `url(#${id})`;
}
const radial = (drawing: Drawing, stops: [number, string, number?][], fx = 0.36, fy = 0.3, r = 0.75) =>
  gradient(drawing, "radial", stops, `cx="${fx}" cy="${fy}" fx="${fx}" fy="${fy}" r="${r}"`);
const linear = (drawing: Drawing, stops: [number, string, number?][], x1 = 0, y1 = 0, x2 = 0, y2 = 1) =>
  gradient(drawing, "linear", stops, `x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"`);

/** Smooth path through points (Catmull-Rom as cubic Beziers). */
function smooth(p: Point[]): string {
  let d = `M${svgNumber(p[0]![0])},${svgNumber(p[0]![1])}`;
  for (let i = 0; i < p.length - 1; i++) {
    const a = p[Math.max(0, i - 1)]!, b = p[i]!, c = p[i + 1]!, e = p[Math.min(p.length - 1, i + 2)]!;
    d += `C${svgNumber(b[0] + (c[0] - a[0]) / 6)},${svgNumber(b[1] + (c[1] - a[1]) / 6)} ${svgNumber(c[0] - (e[0] - b[0]) / 6)},${svgNumber(c[1] - (e[1] - b[1]) / 6)} ${svgNumber(c[0])},${svgNumber(c[1])}`;
  }
  return d;
}

/** A flat-topped slab: `outline` (plane units) extruded by h at (px, py); visible sides are shaded by their facing. */
function prism(drawing: Drawing, art: SweetArt, outline: Point[], px: number, py: number, h: number, top: string, holes = 0): string {
  const P = outline.map(([u, v]): Point => [px + u, py + v * PLANE_SQUASH]);
  let area = 0;
  outline.forEach(([u, v], i) => { const [u2, v2] = outline[(i + 1) % outline.length]!; area += u * v2 - u2 * v; });
  let out = "";
  for (let i = 0; i < outline.length; i++) {
    const a = outline[i]!, b = outline[(i + 1) % outline.length]!;
    const du = b[0] - a[0], dv = b[1] - a[1], len = Math.hypot(du, dv) || 1;
    const nu = (Math.sign(area) * dv) / len, nv = (-Math.sign(area) * du) / len;
    if (nv <= 0.02) continue;
    const col = mix(art.shade, art.base, Math.min(1, Math.max(0, 0.35 - 0.45 * nu + 0.2 * nv)));
    const A = P[i]!, B = P[(i + 1) % P.length]!;
    out += `<polygon points="${pointList([[A[0], A[1] - h], [B[0], B[1] - h], B, A])}" fill="${col}" stroke="${col}" stroke-width="0.8"/>`;
    for (let k = 0; k < Math.round((holes * nv * len) / 80); k++) {
      const t = randomBetween(drawing, 0.05, 0.95), z = randomBetween(drawing, 0.15, 0.85) * h, hr = randomBetween(drawing, 0.6, 1.8);
      out += `<ellipse cx="${svgNumber(A[0] + (B[0] - A[0]) * t)}" cy="${svgNumber(A[1] + (B[1] - A[1]) * t - z)}" rx="${svgNumber(hr * 1.3)}" ry="${svgNumber(hr)}" fill="${darken(art.shade, 0.25)}" opacity="0.45"/>`;
    }
  }
  const T = P.map(([x, y]): Point => [x, y - h]);
  return out + `<polygon points="${pointList(T)}" fill="${top}" stroke="${lighten(art.base, 0.3)}" stroke-width="1.4" stroke-opacity="0.7" stroke-linejoin="round"/>`;
}
const topFill = (drawing: Drawing, art: SweetArt) => radial(drawing, [[0, lighten(art.base, 0.32)], [0.55, art.base], [1, mix(art.base, art.shade, 0.45)]], 0.35, 0.3, 0.8);
/** Decorations drawn in plane units on a piece's top face. */
const onTop = (x: number, y: number, body: string) => `<g transform="translate(${svgNumber(x)} ${svgNumber(y)}) scale(1 ${PLANE_SQUASH})">${body}</g>`;

function roundRect(w: number, d: number, r: number): Point[] {
  const pts: Point[] = [];
  const corners: Point[] = [[w / 2 - r, d / 2 - r], [-w / 2 + r, d / 2 - r], [-w / 2 + r, -d / 2 + r], [w / 2 - r, -d / 2 + r]];
  corners.forEach(([x, y], k) => { for (let j = 0; j <= 3; j++) { const a = ((k + j / 3) * Math.PI) / 2; pts.push([x + r * Math.cos(a), y + r * Math.sin(a)]); } });
  return pts;
}
function pores(drawing: Drawing, art: SweetArt, w: number, d: number, a: number, n: number, size: number): string {
  let s = "";
  for (let i = 0; i < n; i++) {
    const [[u, v]] = rotate([[randomBetween(drawing, -0.42, 0.42) * w, randomBetween(drawing, -0.42, 0.42) * d]], a) as [Point];
    const r = randomBetween(drawing, 0.4, 1) * size;
    s += `<ellipse cx="${svgNumber(u)}" cy="${svgNumber(v)}" rx="${svgNumber(r)}" ry="${svgNumber(r * 0.8)}" fill="${darken(art.shade, 0.15)}" opacity="${svgNumber(randomBetween(drawing, 0.25, 0.55))}"/>`;
  }
  return s;
}

function square(drawing: Drawing, art: SweetArt, px: number, py: number, s: number): Piece {
  const w = s * 1.45, h = s * 0.42, a = randomBetween(drawing, -0.6, 0.6);
  const body = prism(drawing, art, rotate(roundRect(w, w, w * 0.1), a), px, py, h, topFill(drawing, art), 14);
  return { svg: body + onTop(px, py - h, pores(drawing, art, w, w, a, 40, s * 0.045)), top: { x: px, y: py - h, rx: w * 0.32, ry: w * 0.32 * PLANE_SQUASH } };
}
function diamond(drawing: Drawing, art: SweetArt, px: number, py: number, s: number): Piece {
  const h = s * 0.16, a = randomBetween(drawing, -0.3, 0.3);
  const corners: Point[] = [[s * 1.15, 0], [0, s * 0.66], [-s * 1.15, 0], [0, -s * 0.66]];
  let svg = prism(drawing, art, rotate(corners, a), px, py, h, topFill(drawing, art));
  if (art.garnish === "silver") { // varq covers most of the top, with torn edges and crinkles
    const leaf: Point[] = [];
    corners.forEach(([u, v], i) => { const [u2, v2] = corners[(i + 1) % 4]!; for (let j = 0; j < 5; j++) { const k = randomBetween(drawing, 0.72, 0.9); leaf.push([(u + ((u2 - u) * j) / 5) * k, (v + ((v2 - v) * j) / 5) * k]); } });
    let crinkle = "";
    for (let j = 0; j < 7; j++) crinkle += `<path d="M${svgNumber(randomBetween(drawing, -0.6, 0.4) * s)},${svgNumber(randomBetween(drawing, -0.3, 0.3) * s)} l${svgNumber(randomBetween(drawing, 8, 22))},${svgNumber(randomBetween(drawing, -8, 8))} l${svgNumber(randomBetween(drawing, 4, 12))},${svgNumber(randomBetween(drawing, -6, 6))}" fill="none" stroke="${drawing.random() < 0.5 ? "#ffffff" : "#9EA3AE"}" stroke-width="1.1" opacity="0.7"/>`;
    svg += onTop(px, py - h, `<g transform="rotate(${svgNumber((a * 180) / Math.PI)})"><polygon points="${pointList(leaf)}" fill="${linear(drawing, [[0, "#FFFFFF"], [0.35, "#D3D6DD"], [0.6, "#F7F8FA"], [1, "#BFC3CC"]], 0, 0, 1, 1)}" opacity="0.82" stroke="#B3B8C2" stroke-width="0.8"/>${crinkle}</g>`);
  }
  return { svg, top: { x: px, y: py - h, rx: s * 0.6, ry: s * 0.36 * PLANE_SQUASH }, covered: art.garnish === "silver" };
}
function bar(drawing: Drawing, art: SweetArt, px: number, py: number, s: number): Piece {
  const w = s * 2.1, d = s * 1.05, h = s * 0.2, a = randomBetween(drawing, -0.35, 0.35);
  let nuts = "";
  const nutFill = radial(drawing, [[0, lighten(art.accent, 0.4)], [0.6, art.accent], [1, darken(art.accent, 0.3)]]);
  for (let i = 0; i < 21; i++) {
    const [[u, v]] = rotate([[((i % 7) / 6 - 0.5) * w * 0.8 + randomBetween(drawing, -5, 5), (Math.floor(i / 7) / 2 - 0.5) * d * 0.62 + randomBetween(drawing, -5, 5)]], a) as [Point];
    const nr = s * randomBetween(drawing, 0.14, 0.18), ang = svgNumber(randomBetween(drawing, 0, 180));
    nuts += `<g transform="translate(${svgNumber(u)} ${svgNumber(v)}) rotate(${ang})"><ellipse rx="${svgNumber(nr)}" ry="${svgNumber(nr * 0.68)}" fill="${nutFill}" stroke="${darken(art.shade, 0.1)}" stroke-width="1.2" stroke-opacity="0.7"/>` +
      `<path d="M${svgNumber(-nr * 0.8)},${svgNumber(nr * 0.1)} Q0,${svgNumber(nr * 0.35)} ${svgNumber(nr * 0.8)},${svgNumber(nr * 0.1)}" stroke="${darken(art.accent, 0.35)}" stroke-width="1" fill="none" opacity="0.6"/></g>`;
  }
  nuts += `<rect x="${svgNumber(-w / 2)}" y="${svgNumber(-d / 2)}" width="${svgNumber(w)}" height="${svgNumber(d)}" transform="rotate(${svgNumber((a * 180) / Math.PI)})" fill="${art.base}" opacity="0.22"/>`;
  const glaze = `<ellipse cx="${svgNumber(-w * 0.12)}" cy="${svgNumber(-d * 0.18)}" rx="${svgNumber(w * 0.34)}" ry="${svgNumber(d * 0.16)}" transform="rotate(${svgNumber((a * 180) / Math.PI)})" fill="#fffbe8" opacity="0.22"/>`;
  const body = prism(drawing, art, rotate(roundRect(w, d, s * 0.12), a), px, py, h, topFill(drawing, art));
  return { svg: body + onTop(px, py - h, nuts + glaze), top: { x: px, y: py - h, rx: w * 0.3, ry: d * 0.3 * PLANE_SQUASH } };
}
function disc(drawing: Drawing, art: SweetArt, px: number, py: number, s: number): Piece {
  const r = s * 0.95, h = s * 0.3, ring: Point[] = [];
  for (let i = 0; i < 48; i++) ring.push([r * Math.cos((i / 48) * Math.PI * 2), r * Math.sin((i / 48) * Math.PI * 2)]);
  let pat = `<circle r="${svgNumber(r * 0.7)}" fill="none" stroke="${art.shade}" stroke-width="2" opacity="0.45"/>`;
  const a0 = randomBetween(drawing, 0, 1);
  for (let i = 0; i < 8; i++) {
    const a = ((i + a0) / 8) * 360;
    pat += `<ellipse cx="${svgNumber(r * 0.42)}" cy="0" rx="${svgNumber(r * 0.2)}" ry="${svgNumber(r * 0.08)}" transform="rotate(${svgNumber(a)})" fill="${art.shade}" fill-opacity="0.18" stroke="${art.shade}" stroke-opacity="0.5" stroke-width="1.5"/>`;
  }
  pat += `<circle r="${svgNumber(r * 0.13)}" fill="${radial(drawing, [[0, art.shade], [1, art.accent]], 0.6, 0.65, 0.7)}" opacity="0.7"/>`;
  return { svg: prism(drawing, art, ring, px, py, h, topFill(drawing, art)) + onTop(px, py - h, pat), top: { x: px, y: py - h, rx: r * 0.2, ry: r * 0.2 * PLANE_SQUASH } };
}
function halfmoon(drawing: Drawing, art: SweetArt, px: number, py: number, s: number): Piece {
  const R = s * 1.1, a = randomBetween(drawing, -0.7, 0.7) + (drawing.random() < 0.5 ? 0 : Math.PI), h = s * 0.16, out: Point[] = [];
  for (let i = 0; i <= 30; i++) { const t = (i / 30) * Math.PI; out.push([R * Math.cos(t), -R * Math.sin(t) * 0.9 + R * 0.4]); }
  for (let i = 1; i < 8; i++) out.push([-R + (2 * R * i) / 8, R * 0.4 + R * 0.1 * Math.sin((i / 8) * Math.PI)]);
  const shape = rotate(out, a);
  let crimp = "";
  for (let i = 0; i <= 22; i++) {
    const t = (i / 22) * Math.PI;
    const [[u, v]] = rotate([[R * 0.93 * Math.cos(t), -R * 0.93 * Math.sin(t) * 0.9 + R * 0.4]], a) as [Point];
    const ang = (Math.atan2(-Math.cos(t) * 0.9, -Math.sin(t)) + a) * (180 / Math.PI) + 50;
    crimp += `<ellipse cx="${svgNumber(u)}" cy="${svgNumber(v)}" rx="${svgNumber(R * 0.12)}" ry="${svgNumber(R * 0.055)}" transform="rotate(${svgNumber(ang)} ${svgNumber(u)} ${svgNumber(v)})" fill="${mix(art.base, art.shade, 0.25)}" stroke="${art.shade}" stroke-width="1.4" stroke-opacity="0.8"/>`;
  }
  for (let i = 0; i < 9; i++) crimp += `<circle cx="${svgNumber(randomBetween(drawing, -0.5, 0.5) * R)}" cy="${svgNumber(randomBetween(drawing, -0.2, 0.3) * R)}" r="${svgNumber(randomBetween(drawing, 1, 2.4))}" fill="#fff6dc" opacity="0.5"/>`;
  const [[hu, hv]] = rotate([[0, R * 0.1]], a) as [Point];
  const puff = `<ellipse cx="${svgNumber(hu - R * 0.1)}" cy="${svgNumber(hv - R * 0.1)}" rx="${svgNumber(R * 0.5)}" ry="${svgNumber(R * 0.3)}" fill="${radial(drawing, [[0, "#fffbe8", 0.55], [1, "#fffbe8", 0]], 0.5, 0.5, 0.5)}"/>`;
  const dome = radial(drawing, [[0, lighten(art.base, 0.3)], [0.45, art.base], [0.85, mix(art.base, art.shade, 0.7)], [1, art.shade]], 0.5, 0.62, 0.62);
  return { svg: prism(drawing, art, shape, px, py, h, dome) + onTop(px, py - h, puff + crimp), top: { x: px + hu, y: py - h + hv * PLANE_SQUASH, rx: R * 0.25, ry: R * 0.15 } };
}
function teardrop(drawing: Drawing, art: SweetArt, px: number, py: number, s: number): Piece {
  const r = s * 0.82, by = py - r * 0.8, ty = py - r * 2.35, x = px + randomBetween(drawing, -3, 3);
  const d = `M${svgNumber(x)},${svgNumber(ty)} C${svgNumber(x + r * 0.18)},${svgNumber(ty + r * 0.6)} ${svgNumber(px + r * 1.1)},${svgNumber(by - r * 0.75)} ${svgNumber(px + r)},${svgNumber(by)} A${svgNumber(r)},${svgNumber(r * 0.82)} 0 0 1 ${svgNumber(px - r)},${svgNumber(by)} C${svgNumber(px - r * 1.1)},${svgNumber(by - r * 0.75)} ${svgNumber(x - r * 0.18)},${svgNumber(ty + r * 0.6)} ${svgNumber(x)},${svgNumber(ty)}Z`;
  let ridges = "";
  for (let i = -3; i <= 3; i++) {
    const t = i / 3.6, bx = px + Math.sin(t * 1.4) * r * 0.98, cx = px + Math.sin(t * 1.4) * r * 1.05;
    const p = `M${svgNumber(x)},${svgNumber(ty + 3)} Q${svgNumber(cx)},${svgNumber(by - r * 0.55)} ${svgNumber(bx)},${svgNumber(by + r * 0.45 * Math.cos(t * 1.4))}`;
    ridges += `<path d="${p}" fill="none" stroke="${darken(art.shade, 0.1)}" stroke-width="${svgNumber(r * 0.06)}" stroke-opacity="0.4" stroke-linecap="round"/>`;
    ridges += `<path d="${p}" fill="none" stroke="#fffdf6" stroke-width="${svgNumber(r * 0.07)}" stroke-opacity="0.3" transform="translate(${svgNumber(-r * 0.09)} 0)"/>`;
  }
  const fill = radial(drawing, [[0, lighten(art.base, 0.5)], [0.5, art.base], [1, art.shade]], 0.36, 0.45, 0.7), clip = `${drawing.idPrefix}c${drawing.nextId++}`;
  drawing.defs.push(`<clipPath id="${clip}"><path d="${d}"/></clipPath>`);
  return { svg: `<path d="${d}" fill="${fill}" stroke="${art.shade}" stroke-width="1"/><g clip-path="url(#${clip})">${ridges}</g>`, top: { x, y: ty + r * 0.15, rx: r * 0.1, ry: r * 0.1 } };
}
function sphere(drawing: Drawing, art: SweetArt, px: number, py: number, s: number): Piece {
  const r = s * 0.92, cy = py - r * 0.88, edge: Point[] = [];
  for (let i = 0; i < 36; i++) { const t = (i / 36) * Math.PI * 2, b = r * (1 + randomBetween(drawing, -0.02, 0.02)); edge.push([px + b * Math.cos(t), cy + b * Math.sin(t) * 0.96]); }
  let grains = "";
  for (let i = 0; i < 150; i++) {
    const t = randomBetween(drawing, 0, Math.PI * 2), q = Math.sqrt(drawing.random()) * r * 0.96, gx = px + q * Math.cos(t), gy = cy + q * Math.sin(t);
    const lit = 1 - Math.hypot(gx - (px - r * 0.35), gy - (cy - r * 0.4)) / (r * 1.8), g = s * randomBetween(drawing, 0.035, 0.06);
    grains += `<circle cx="${svgNumber(gx)}" cy="${svgNumber(gy)}" r="${svgNumber(g)}" fill="${drawing.random() < 0.5 ? lighten(art.accent, 0.2 * lit) : darken(art.shade, 0.15)}" opacity="${svgNumber(0.25 + 0.35 * Math.max(0, lit))}"/>`;
  }
  const fill = radial(drawing, [[0, lighten(art.base, 0.35)], [0.45, art.base], [0.85, art.shade], [1, darken(art.shade, 0.2)]], 0.38, 0.32, 0.72);
  const body = `<path d="${smooth([...edge, edge[0]!, edge[1]!])}Z" fill="${fill}"/>`;
  const all = art.garnish === "sesame"; // sesame coats the whole ball
  return { svg: body + grains, top: all ? { x: px, y: cy, rx: r * 0.86, ry: r * 0.83 } : { x: px - r * 0.12, y: cy - r * 0.42, rx: r * 0.42, ry: r * 0.26 } };
}
function spiral(drawing: Drawing, art: SweetArt, px: number, py: number, s: number): Piece {
  const turns = randomBetween(drawing, 1.9, 2.4), ph = randomBetween(drawing, 0, 6.3), w = s * 0.24, pts: Point[] = [];
  for (let t = 0; t <= turns * Math.PI * 2; t += 0.35) {
    const rad = s * (0.08 + (0.95 * t) / (turns * Math.PI * 2)) * (1 + randomBetween(drawing, -0.08, 0.08));
    pts.push([px + rad * Math.cos(t + ph), py - w * 0.7 + rad * Math.sin(t + ph) * PLANE_SQUASH * 1.15]);
  }
  const d = smooth(pts), g = `fill="none" stroke-linecap="round" stroke-linejoin="round" d="${d}"`;
  return {
    svg: `<path ${g} stroke="${darken(art.shade, 0.25)}" stroke-width="${svgNumber(w + 4)}"/><path ${g} stroke="${linear(drawing, [[0, art.base], [1, art.shade]])}" stroke-width="${svgNumber(w)}"/>` +
      `<path ${g} stroke="${art.accent}" stroke-width="${svgNumber(w * 0.32)}" opacity="0.6" transform="translate(${svgNumber(-w * 0.1)} ${svgNumber(-w * 0.2)})"/>` +
      `<path ${g} stroke="#fffbea" stroke-width="${svgNumber(w * 0.1)}" opacity="0.55" stroke-dasharray="${svgNumber(w * 1.3)} ${svgNumber(w * 2.6)}" transform="translate(${svgNumber(-w * 0.16)} ${svgNumber(-w * 0.28)})"/>`,
    top: { x: px, y: py - w, rx: s * 0.5, ry: s * 0.3 },
  };
}
function roll(drawing: Drawing, art: SweetArt, px: number, py: number, s: number): Piece {
  const L = s * 1.3, R = s * 0.56, a = randomBetween(drawing, -12, 12), cap = R * 0.46, flip = drawing.random() < 0.5 ? -1 : 1;
  const body = linear(drawing, [[0, lighten(art.base, 0.3)], [0.3, art.base], [0.8, art.shade], [1, darken(art.shade, 0.2)]]);
  const face = radial(drawing, [[0, lighten(art.base, 0.2)], [1, mix(art.base, art.shade, 0.3)]], 0.5, 0.5, 0.6);
  const fill = radial(drawing, [[0, lighten(art.accent, 0.25)], [0.8, art.accent], [1, darken(art.accent, 0.25)]], 0.45, 0.45, 0.6);
  let tex = "";
  const nutty = luminance(art.base) < 0.35, bits = nutty ? ["#8FB04C", "#F3E6C6", "#B07A45"] : [darken(art.accent, 0.3)];
  for (let i = 0; i < (nutty ? 9 : 10); i++) tex += `<circle cx="${svgNumber(flip * L / 2 + randomBetween(drawing, -0.55, 0.55) * cap * 0.5)}" cy="${svgNumber(randomBetween(drawing, -0.6, 0.6) * R * 0.5)}" r="${svgNumber(R * (nutty ? randomBetween(drawing, 0.06, 0.1) : randomBetween(drawing, 0.03, 0.06)))}" fill="${bits[i % bits.length]}" opacity="${nutty ? 0.9 : 0.5}"/>`;
  if (nutty) for (let i = 0; i < 7; i++) { const u = randomBetween(drawing, -0.4, 0.4) * L; tex += `<path d="M${svgNumber(u)},${svgNumber(-R * 0.9)} q${svgNumber(randomBetween(drawing, -8, 8))},${svgNumber(R * 0.8)} ${svgNumber(randomBetween(drawing, -6, 6))},${svgNumber(R * 1.7)}" fill="none" stroke="${darken(art.shade, 0.3)}" stroke-width="2" opacity="0.45"/>`; }
  const svg = `<g transform="translate(${svgNumber(px)} ${svgNumber(py - R * 0.95)}) rotate(${svgNumber(a)})">` +
    `<ellipse cx="${svgNumber(-flip * L / 2)}" cy="0" rx="${svgNumber(cap)}" ry="${svgNumber(R)}" fill="${body}"/><rect x="${svgNumber(-L / 2)}" y="${svgNumber(-R)}" width="${svgNumber(L)}" height="${svgNumber(2 * R)}" fill="${body}"/>` +
    `<ellipse cx="${svgNumber(flip * L / 2)}" cy="0" rx="${svgNumber(cap)}" ry="${svgNumber(R)}" fill="${face}" stroke="${art.shade}" stroke-width="1.5"/>` +
    `<ellipse cx="${svgNumber(flip * L / 2)}" cy="${svgNumber(R * 0.04)}" rx="${svgNumber(cap * 0.52)}" ry="${svgNumber(R * 0.55)}" fill="${fill}"/>${tex}` +
    `<rect x="${svgNumber(-L * 0.4)}" y="${svgNumber(-R * 0.72)}" width="${svgNumber(L * 0.8)}" height="${svgNumber(R * 0.14)}" rx="${svgNumber(R * 0.07)}" fill="#fffbf0" opacity="0.28"/></g>`;
  return { svg, top: { x: px - flip * L * 0.1, y: py - R * 1.7, rx: L * 0.28, ry: R * 0.2 } };
}
const SHAPES = { sphere, square, diamond, disc, halfmoon, teardrop, spiral, roll, bar };
const FOOTPRINT: Record<SweetArt["shape"], number> = { sphere: 0.85, square: 0.95, diamond: 0.9, disc: 0.95, halfmoon: 1.05, teardrop: 0.82, spiral: 0.95, roll: 1.05, bar: 1.15 };
const PIECE_SIZE: Record<SweetArt["shape"], number> = { sphere: 1.18, square: 1.15, diamond: 1.12, disc: 1.12, halfmoon: 1.12, teardrop: 1.2, spiral: 1.25, roll: 1.1, bar: 1.05 };
const PIECES_PER_PLATE: Record<SweetArt["shape"], [number, number]> = { sphere: [5, 7], square: [5, 6], diamond: [6, 7], disc: [5, 6], halfmoon: [4, 5], teardrop: [5, 6], spiral: [4, 5], roll: [4, 5], bar: [3, 4] };

function garnish(drawing: Drawing, kind: SweetArt["garnish"], t: TopFace, scale: number): string {
  if (kind === "none") return "";
  const n = { pistachio: 5, silver: 2, sesame: Math.min(130, Math.max(20, Math.round((t.rx * t.ry) / 50))), saffron: 4, almond: 3, coconut: 8 }[kind];
  let s = "";
  for (let i = 0; i < n; i++) {
    const q = Math.sqrt(drawing.random()), th = randomBetween(drawing, 0, Math.PI * 2), x = t.x + q * t.rx * Math.cos(th), y = t.y + q * t.ry * Math.sin(th);
    const placement = `transform="translate(${svgNumber(x)} ${svgNumber(y)}) rotate(${svgNumber(randomBetween(drawing, 0, 180))}) scale(${svgNumber(scale * randomBetween(drawing, 0.8, 1.2))})"`;
    if (kind === "pistachio") s += `<g ${placement}><ellipse rx="7" ry="2.6" fill="#5E8C2A"/><ellipse cx="-0.6" cy="-0.5" rx="5.6" ry="1.6" fill="#A5CF5B"/><path d="M-6,1.6 Q0,3.4 6,1.6" stroke="#8B4A5A" stroke-width="1.1" fill="none"/></g>`;
    if (kind === "almond") s += `<g ${placement}><ellipse rx="8" ry="4.4" fill="#F4E3C2" stroke="#B98350" stroke-width="1.2"/><path d="M-5,-1 Q0,-2.6 5,-1" stroke="#fff" stroke-width="1" opacity="0.6" fill="none"/></g>`;
    const dim = Math.min(0.6, Math.max(0, ((x - t.x) / t.rx + (y - t.y) / t.ry) * 0.3 + 0.1));
    if (kind === "sesame") s += `<g ${placement}><ellipse rx="4.2" ry="2.2" fill="${mix("#F8EED6", "#7A6442", dim)}" stroke="#A88E60" stroke-width="0.5"/></g>`;
    if (kind === "saffron") s += `<g ${placement}><path d="M-7,0 Q-2,-3 3,0 T9,1" stroke="#B3200F" stroke-width="1.7" stroke-linecap="round" fill="none"/><circle cx="9" cy="1" r="1.3" fill="#E4761F"/></g>`;
    if (kind === "coconut") s += `<g ${placement}><path d="M-6,0 Q0,-2.5 6,0" stroke="#E4DAC6" stroke-width="3" stroke-linecap="round" fill="none"/><path d="M-6,-0.6 Q0,-3 6,-0.6" stroke="#FFFDF7" stroke-width="2" stroke-linecap="round" fill="none"/></g>`;
    if (kind === "silver") {
      const pts: Point[] = [], sx = t.x + (x - t.x) * 0.4, sy = t.y + (y - t.y) * 0.4;
      for (let j = 0; j < 9; j++) { const a = (j / 9) * Math.PI * 2, b = randomBetween(drawing, 0.35, 0.7) * t.rx; pts.push([sx + b * Math.cos(a), sy + (b * Math.sin(a) * t.ry) / t.rx]); }
      s += `<polygon points="${pointList(pts)}" fill="${linear(drawing, [[0, "#FFFFFF"], [0.45, "#C9CDD6"], [0.7, "#F6F7FA"], [1, "#B7BCC6"]], 0, 0, 1, 1)}" opacity="0.78" stroke="#A9AEB9" stroke-width="0.6" stroke-linejoin="round"/>`;
      for (let j = 0; j < 4; j++) s += `<path d="M${svgNumber(sx + randomBetween(drawing, -0.4, 0.4) * t.rx)},${svgNumber(sy + randomBetween(drawing, -0.4, 0.4) * t.ry)} l${svgNumber(randomBetween(drawing, -9, 9) * scale)},${svgNumber(randomBetween(drawing, -4, 4) * scale)}" stroke="#fff" stroke-width="1.2" opacity="0.8"/>`;
    }
  }
  return s;
}

function table(drawing: Drawing): string {
  const kind = Math.floor(drawing.random() * 3);
  const palettes: [string, string, string][] = [["#9A6535", "#5E3719", "#3B200C"], ["#6E4426", "#3A2213", "#1F1008"], ["#8C2B22", "#5A1612", "#E0A84A"]];
  const [hi, lo, line] = palettes[kind]!;
  let s = `<rect width="960" height="720" fill="${linear(drawing, [[0, hi], [1, lo]])}"/>`;
  if (kind < 2) {
    for (const y of [0, 120, 265, 440, 650]) s += `<rect y="${y}" width="960" height="3" fill="${line}" opacity="0.55"/><rect y="${y + 3}" width="960" height="${svgNumber(randomBetween(drawing, 60, 200))}" fill="${drawing.random() < 0.5 ? "#fff" : "#000"}" opacity="0.04"/>`;
    for (let i = 0; i < 46; i++) {
      const y = randomBetween(drawing, 0, 720), pts: Point[] = [];
      for (let x = -40; x <= 1000; x += 80) pts.push([x, y + Math.sin(x / randomBetween(drawing, 60, 140) + i) * randomBetween(drawing, 2, 7)]);
      s += `<path d="${smooth(pts)}" fill="none" stroke="${line}" stroke-width="${svgNumber(randomBetween(drawing, 0.6, 2.4))}" opacity="${svgNumber(randomBetween(drawing, 0.08, 0.22))}"/>`;
    }
  } else {
    for (let y = 20; y < 720; y += 56) for (let x = (y / 56) % 2 ? 28 : 0; x < 980; x += 56)
      s += `<g transform="translate(${x} ${y})" fill="${line}" opacity="0.16"><circle r="5"/><circle cx="10" r="2"/><circle cx="-10" r="2"/><circle cy="10" r="2"/><circle cy="-10" r="2"/></g>`;
    for (let y = 0; y < 720; y += 6) s += `<rect y="${y}" width="960" height="1.5" fill="#000" opacity="0.06"/>`;
  }
  return s;
}

function plate(drawing: Drawing, brass: boolean): string {
  const { x, y, rx, ry } = PLATE;
  const e = (k: number, dy: number, fill: string, extra = "") => `<ellipse cx="${x}" cy="${svgNumber(y + dy)}" rx="${svgNumber(rx * k)}" ry="${svgNumber(ry * k)}" fill="${fill}" ${extra}/>`;
  const col = brass
    ? { side: "#6E4510", rim: [[0, "#F8DC88"], [0.35, "#D8A441"], [0.7, "#A06C1C"], [1, "#E3B75A"]], wall: ["#8A5B18", "#C8953B"], floor: ["#F0C96F", "#CD9638", "#A97424"], band: "#7E5212" }
    : { side: "#B8AC9C", rim: [[0, "#FFFFFF"], [0.5, "#F1ECE3"], [1, "#D6CCBE"]], wall: ["#D2C8BA", "#F5F1EA"], floor: ["#FFFFFF", "#F5F0E8", "#E4DCD0"], band: "#B98A33" };
  let s = `<ellipse cx="${x + 16}" cy="${y + 34}" rx="${rx + 10}" ry="${ry + 6}" fill="#140700" opacity="0.55" filter="url(#${drawing.idPrefix}blur)"/>`;
  s += e(1, 12, col.side) + e(1, 0, linear(drawing, col.rim as [number, string][], 0, 0, 1, 1));
  s += e(0.985, -1, "none", `stroke="#fff" stroke-opacity="0.45" stroke-width="2"`);
  s += e(0.9, 0, "none", `stroke="${col.band}" stroke-opacity="0.55" stroke-width="2.5"`);
  s += e(0.84, 0, linear(drawing, [[0, col.wall[0]!], [1, col.wall[1]!]]));
  s += e(0.8, 7, radial(drawing, [[0, col.floor[0]!], [0.6, col.floor[1]!], [1, col.floor[2]!]], 0.42, 0.4, 0.65));
  if (brass) { s += e(0.52, 7, "none", `stroke="${col.band}" stroke-opacity="0.18" stroke-width="2"`); s += e(0.28, 7, "none", `stroke="${col.band}" stroke-opacity="0.14" stroke-width="2"`); }
  return s + `<path d="M${x - rx * 0.86},${y - ry * 0.3} A${rx * 0.95},${ry * 0.95} 0 0 1 ${x - rx * 0.2},${y - ry * 0.95}" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" opacity="0.3" filter="url(#${drawing.idPrefix}soft)"/>`;
}

export function renderSweetSvg(art: DemoSweet["art"], seed: string): string {
  const seedHash = hashString(seed);
  const drawing: Drawing = { random: mulberry32(seedHash), defs: [], idPrefix: `m${seedHash.toString(36)}`, nextId: 0 };
  drawing.defs.push(`<filter id="${drawing.idPrefix}blur" x="-20%" y="-40%" width="140%" height="180%"><feGaussianBlur stdDeviation="14"/></filter>`);
  drawing.defs.push(`<filter id="${drawing.idPrefix}soft" x="-30%" y="-60%" width="160%" height="220%"><feGaussianBlur stdDeviation="5"/></filter>`);
  const bg = table(drawing), dish = plate(drawing, Math.min(...rgb(art.base)) >= 150);
  const [lo, hi] = PIECES_PER_PLATE[art.shape], pieceCount = lo + Math.floor(drawing.random() * (hi - lo + 1));
  const pieceSize = (pieceCount <= 3 ? 96 : pieceCount <= 4 ? 90 : pieceCount <= 5 ? 82 : pieceCount <= 6 ? 76 : 70) * PIECE_SIZE[art.shape];
  const phase = randomBetween(drawing, 0, Math.PI * 2), spots: Point[] = [];
  const ringCount = pieceCount <= 4 ? pieceCount : pieceCount - 1, rad = (pieceCount <= 4 ? 0.48 : 0.62) * PLATE_FLOOR_RADIUS;
  if (pieceCount > 4) spots.push([randomBetween(drawing, -12, 12), randomBetween(drawing, -12, 12)]);
  for (let i = 0; i < ringCount; i++) { const t = phase + (i / ringCount) * Math.PI * 2; spots.push([rad * Math.cos(t) + randomBetween(drawing, -12, 12), rad * Math.sin(t) + randomBetween(drawing, -12, 12)]); }
  const positions = spots.map(([u, v]): Point => [PLATE.x + u, PLATE.y + 14 + v * PLANE_SQUASH]).sort((a, b) => a[1] - b[1]);
  let shadows = "", pieces = "";
  for (const [px, py] of positions) {
    const footRadius = FOOTPRINT[art.shape] * pieceSize;
    shadows += `<ellipse cx="${svgNumber(px + 8)}" cy="${svgNumber(py + 6)}" rx="${svgNumber(footRadius)}" ry="${svgNumber(footRadius * PLANE_SQUASH)}" fill="#2a1200" opacity="0.4" filter="url(#${drawing.idPrefix}soft)"/>` +
      `<ellipse cx="${svgNumber(px + 2)}" cy="${svgNumber(py + 1)}" rx="${svgNumber(footRadius * 0.7)}" ry="${svgNumber(footRadius * 0.22)}" fill="#1a0800" opacity="0.35" filter="url(#${drawing.idPrefix}soft)"/>`;
    const piece = SHAPES[art.shape](drawing, art, px, py, pieceSize);
    pieces += piece.svg + (piece.covered ? "" : garnish(drawing, art.garnish, piece.top, pieceSize / 80));
  }
  const glow = radial(drawing, [[0, "#fff4d6", 0.22], [1, "#fff4d6", 0]], 0.22, 0.08, 0.7);
  const vignette = radial(drawing, [[0.55, "#000", 0], [1, "#000", 0.5]], 0.5, 0.5, 0.75);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720" viewBox="0 0 960 720"><defs>${drawing.defs.join("")}</defs>` +
    `${bg}${dish}${shadows}${pieces}<rect width="960" height="720" fill="${glow}"/><rect width="960" height="720" fill="${vignette}"/></svg>`;
}
