// A QR code drawn as SVG (uqr makes the modules): a dark square per dark module, on white, with
// a name for a screen reader.
import { encode } from "uqr";
import { svg } from "../dom";

/** The QR code of `text`, named `title` (its element has the id `titleId`). */
export function qrCode(text: string, title: string, titleId: string): SVGElement {
  const { data } = encode(text, { border: 2 });
  const size = data.length;
  const squares: SVGElement[] = [];
  data.forEach((line, y) =>
    line.forEach((dark, x) => {
      if (dark) squares.push(svg("rect", { x, y, width: 1, height: 1 }));
    }),
  );
  return svg(
    "svg",
    { viewBox: `0 0 ${size} ${size}`, role: "img", "aria-labelledby": titleId, "shape-rendering": "crispEdges" },
    svg("title", { id: titleId }, document.createTextNode(title)),
    svg("rect", { x: 0, y: 0, width: size, height: size, fill: "#ffffff" }),
    svg("g", { fill: "#000000" }, ...squares),
  );
}
