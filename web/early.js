// The page's first script (async, so neither the parser nor the style sheets hold it up). On a
// first visit (no service worker in control) it requests pyodide.asm.wasm at once, as a preload
// that Pyodide's fetch takes later. On a return visit it leaves that fetch to the service
// worker: its answer from Cache Storage brings Chrome's code cache of the module, which a
// preloaded response does not, and the wasm would be compiled again (docs/build.md, "The
// wasm's code cache").
if (!navigator.serviceWorker?.controller) {
  const wasm = document.createElement("link");
  wasm.rel = "preload";
  wasm.as = "fetch";
  wasm.crossOrigin = "anonymous";
  wasm.href = new URL("../pyodide/pyodide.asm.wasm", import.meta.url).href;
  document.head.append(wasm);
}
