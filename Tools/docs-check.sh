#!/bin/sh
# The documentation check (make docs-check, part of make test): every library module's DocC
# catalog and doc comments, converted by the toolchain's docc with warnings as errors. A link to a
# symbol that is not there (a signature that gained a parameter, an internal type, another
# module's type), an ambiguous link, or an undocumented parameter of a documented function fails
# it, naming the file and line.
#
# The symbol graphs come from the compiler (-emit-symbol-graph), which includes the modules a
# module re-exports (TagCloudUI's LayoutKit and Canvas types, which its catalog links to). The
# compiler writes them only for what it compiles, so the scratch folder is made afresh each time:
# one build of TagCloudTesting, which depends on every library module.
#
# Usage: Tools/docs-check.sh [swift]
set -eu
swift=${1:-swift}
scratch=.build-docs
modules="LayoutKit Typesetting Canvas TagCloudUI TagCloud TagCloudTesting"
rm -rf "$scratch"
mkdir -p "$scratch/symbol-graphs"
graphs=$(cd "$scratch/symbol-graphs" && pwd)
$swift build --scratch-path "$scratch" --target TagCloudTesting \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >"$scratch/build.log" 2>&1 \
  || { tail -40 "$scratch/build.log"; exit 1; }
docc=$(dirname "$(command -v "$swift")")/docc
[ -x "$docc" ] || docc=docc
failed=0
for module in $modules; do
  mkdir -p "$scratch/graphs-$module"
  cp "$graphs/$module.symbols.json" "$scratch/graphs-$module/"
  for extension in "$graphs/$module@"*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" "$scratch/graphs-$module/"
  done
  if "$docc" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$scratch/graphs-$module" \
       --output-path "$scratch/$module.doccarchive" --fallback-display-name "$module" \
       --fallback-bundle-identifier "org.tagcloud.$module" --warnings-as-errors >"$scratch/$module.log" 2>&1; then
    echo "docs-check $module: no warnings"
  else
    echo "docs-check $module: docc reported these:"
    grep -A3 -E "^(warning|error):" "$scratch/$module.log" | sed "s|$(pwd)/||" | head -80
    failed=1
  fi
done
exit $failed
