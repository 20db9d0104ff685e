// Compiles the engine wheel's modules to bytecode with Pyodide's own Python, so the worker
// imports them without compiling them on every visit.
//
//   node build_scripts/postbuild/pyodide_bundle/bytecode.mjs <pyodide runtime dir> <source root> <output zip> < names.json
//
// stdin: the wheel's .py files, relative to the source root (["calculators/api.py", ...]).
// The output zip holds <name>.pyc for each <name>.py, where zipimport looks for it (beside the
// source, not in __pycache__). Each is an unchecked hash-based pyc: its bytes depend only on
// the source, and zipimport loads it without comparing the source's time or hash. Each code
// object names its file as the import from source would (<WHEEL_FILE>/calculators/api.py), so
// tracebacks read the same; they keep their line numbers but not the column ranges that
// underline the failing expression (PYTHONNODEBUGRANGES: the ranges would enlarge the bytecode
// every visit downloads). Python's hash seed is fixed: it orders frozenset constants.
// stdout (last line): {"files": n, "magic": "<hex of importlib.util.MAGIC_NUMBER>"}.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const BOOT = new URL("../../../docs/assets/javascripts/calculators/engine-boot.mjs", import.meta.url);
const SOURCES = "/tmp/engine-sources";
const OUT = "/tmp/engine-bytecode.zip";

const COMPILE = (names, wheelFile) => `
import importlib.util, os, py_compile, zipfile

with zipfile.ZipFile(${JSON.stringify(OUT)}, "w") as out:
    for name in ${JSON.stringify(names)}:
        cfile = py_compile.compile(os.path.join(${JSON.stringify(SOURCES)}, name), cfile="/tmp/module.pyc",
                                   dfile=${JSON.stringify(wheelFile)} + "/" + name, doraise=True, optimize=0,
                                   invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        entry = zipfile.ZipInfo(name + "c", date_time=(1980, 1, 1, 0, 0, 0))
        entry.external_attr = 0o644 << 16
        with open(cfile, "rb") as compiled:
            out.writestr(entry, compiled.read())
importlib.util.MAGIC_NUMBER.hex()
`;

async function main([runtimeDir, sourceRoot, outPath]) {
  if (!outPath) throw new Error("usage: node bytecode.mjs <runtime dir> <source root> <output zip> < names.json");
  const { startPython, WHEEL_FILE } = await import(BOOT.href);
  const runtime = resolve(runtimeDir) + "/";
  const { loadPyodide } = await import(pathToFileURL(runtime + "pyodide.mjs").href);
  const lockInfo = JSON.parse(readFileSync(runtime + "pyodide-lock.json", "utf8")).info;
  const env = { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" };
  const pyodide = await startPython(loadPyodide, { indexURL: runtime, lockInfo, env });
  const names = JSON.parse(readFileSync(0, "utf8"));
  for (const name of names) {
    const path = `${SOURCES}/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, readFileSync(resolve(sourceRoot, name)));
  }
  const magic = pyodide.runPython(COMPILE(names, WHEEL_FILE));
  writeFileSync(outPath, pyodide.FS.readFile(OUT));
  console.log(JSON.stringify({ files: names.length, magic }));
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`compiling the engine failed: ${error && error.stack ? error.stack : error}`);
  process.exit(1);
});
