// Records which files of Pyodide's standard library the engine needs and writes them,
// compiled, into a zip of their own. Boots Pyodide the way the browser's worker does
// (docs/assets/javascripts/calculators/engine-boot.mjs), with the full python_stdlib.zip,
// answers every request given on stdin as the worker would, and keeps the standard-library files that were
// imported (Pyodide's own start-up included). Each is written as bytecode compiled by this
// Pyodide's own Python, as -OO would (no docstrings, no asserts: the standard library
// runs so by design) and without line-number tables: compiling the modules from source
// was most of a first start's CPU time, more than the larger download costs.
//
//   node build_scripts/postbuild/pyodide_bundle/stdlib.mjs <pyodide runtime dir> <engine wheel> <output zip> < requests.json
//
// stdin: [{type: "view" | "link" | "run", ...}, ...] (engine-worker.js's requests). stdout (last line): {"files": [...], "modules": [...]}.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const BOOT = new URL("../../../docs/assets/javascripts/calculators/engine-boot.mjs", import.meta.url);
const OUT = "/tmp/trimmed-stdlib.zip";

const IMPORTED_FROM_STDLIB = `
import json, sys
zip_path = next(p for p in sys.path if p.endswith(".zip") and "/python3" in p) + "/"
files, modules = set(), set()
for name, module in list(sys.modules.items()):
    # Frozen modules (os, codecs, ...) name their file too: keep it, in case they are not frozen.
    for where in (getattr(getattr(module, "__spec__", None), "origin", None), getattr(module, "__file__", None)):
        if isinstance(where, str) and where.startswith(zip_path):
            files.add(where[len(zip_path):])
            modules.add(name)
json.dumps({"zip": zip_path[:-1], "files": sorted(files), "modules": sorted(modules)})
`;

// The files in the full zip's order, fixed times, stored (the server's gzip compresses the
// whole file better than zip does file by file): the same bytes from build to build. A .pyc
// without its source is loaded as it is (its header's time and size are not checked).
const WRITE_ZIP = (zipPath, files) => `
import importlib.util, marshal, types, zipfile

def without_line_table(code):
    consts = tuple(without_line_table(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=consts)

def bytecode(source, name):
    code = without_line_table(compile(source, "/lib/python/" + name, "exec", optimize=2, dont_inherit=True))
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)

wanted = set(${JSON.stringify(files)})
with zipfile.ZipFile(${JSON.stringify(zipPath)}) as full, zipfile.ZipFile(${JSON.stringify(OUT)}, "w") as out:
    for info in full.infolist():
        if info.filename in wanted:
            entry = zipfile.ZipInfo(info.filename.removesuffix(".py") + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            out.writestr(entry, bytecode(full.read(info), info.filename))
`;

async function main([runtimeDir, wheelPath, outPath]) {
  if (!outPath) throw new Error("usage: node stdlib.mjs <runtime dir> <wheel> <output zip> < requests.json");
  const { startPython, setUpEngine, setUpViews, requestHandlers } = await import(BOOT.href);
  const runtime = resolve(runtimeDir) + "/";
  const { loadPyodide } = await import(pathToFileURL(runtime + "pyodide.mjs").href);
  const lockInfo = JSON.parse(readFileSync(runtime + "pyodide-lock.json", "utf8")).info;
  const pyodide = await startPython(loadPyodide, { indexURL: runtime, lockInfo });
  const callJson = setUpEngine(pyodide, readFileSync(wheelPath));
  const answer = requestHandlers(callJson, setUpViews(pyodide));
  for (const request of JSON.parse(readFileSync(0, "utf8"))) answer[request.type](request);
  const recorded = JSON.parse(pyodide.runPython(IMPORTED_FROM_STDLIB));
  pyodide.runPython(WRITE_ZIP(recorded.zip, recorded.files));
  writeFileSync(outPath, pyodide.FS.readFile(OUT));
  console.log(JSON.stringify({ files: recorded.files, modules: recorded.modules }));
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`recording the standard library failed: ${error && error.stack ? error.stack : error}`);
  process.exit(1);
});
