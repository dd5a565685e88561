// Builds the table app's two scripts into public/ with esbuild: the app (src/main.ts, with the
// generated client's runtime) and its service worker. The output is committed: `cargo run`
// needs no Node. .ci/table-app builds again and fails when public/ differs.
import { build } from "esbuild";

const common = { bundle: true, minify: true, format: "esm", target: "es2020", legalComments: "eof", logLevel: "warning" };
await build({ ...common, entryPoints: ["src/main.ts"], outfile: "public/app.js" });
await build({ ...common, format: "iife", entryPoints: ["src/worker/service_worker.ts"], outfile: "public/sw.js" });
