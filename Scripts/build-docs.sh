#!/usr/bin/env bash
# Builds the DocC documentation of every library of the package (SeamlessPlayback, SeamlessPlaybackTesting,
# SeamlessPlaybackAVFoundation, SeamlessPlaybackUIKit) with the toolchain's own docc, without the Swift-DocC plugin,
# and fails on any documentation problem:
#
#   - docc's warnings are errors (--warnings-as-errors): a broken ``Symbol`` or <doc:Article> link, a documented
#     parameter that does not exist, a `- Parameters:` list that misses one, a missing image;
#   - Scripts/check-doc-parameters.py: a public function with no documentation for a parameter at all (docc only
#     checks lists that exist), or a throwing one with no `- Throws:`;
#   - the sequence diagram in the catalog must be the one Scripts/make-sequence-diagram.py draws.
#
#   bash Scripts/build-docs.sh             # builds into .build/docs/<module>.doccarchive, one per library
#   DOCS_OUTPUT=/some/dir bash Scripts/build-docs.sh
#
# To read them: python3 -m http.server --directory .build/docs/SeamlessPlayback.doccarchive 8000, then open
# http://localhost:8000/documentation/seamlessplayback (the archives are made for static hosting).
#
# The symbol graphs are Linux's: the AVFoundation and UIKit modules' Apple-only types (AVPlayerEngine, PlayerHostView,
# …) are not in them, so their catalogs' articles name those in code voice, and link only what builds everywhere.
set -euo pipefail
cd "$(dirname "$0")/.."

output=${DOCS_OUTPUT:-.build/docs}
graphs=.build/docs-symbol-graphs
swift_bin=$(dirname "$(command -v swift)")
docc="$swift_bin/docc"
[[ -x "$docc" ]] || docc=$(command -v docc)

scratch=.build/docs-build
mkdir -p "$graphs/all" "$output"

# Public symbols only (the default minimum access level); one graph per module, plus extension graphs. A build
# of its own (scratch path), so that these flags do not make the next ordinary build recompile everything.
# The compiler writes a module's graph only when it compiles the module: the graphs of the last build stay in
# "$graphs/all" and are rewritten whenever a module changes; if one is missing, build from scratch.
modules=(SeamlessPlayback SeamlessPlaybackTesting SeamlessPlaybackAVFoundation SeamlessPlaybackUIKit)
emit_graphs() {
    # The Testing and UIKit targets depend on the other two, so these two builds make every module's graph.
    for target in SeamlessPlaybackTesting SeamlessPlaybackUIKit; do
        swift build --scratch-path "$scratch" --target "$target" \
            -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs/all"
    done
}
missing_graph() {
    for module in "${modules[@]}"; do [[ -f "$graphs/all/$module.symbols.json" ]] || return 0; done
    return 1
}
emit_graphs
if missing_graph
then
    rm -rf "$scratch" "$graphs/all"
    mkdir -p "$graphs/all"
    emit_graphs
fi

status=0

echo "--- sequence diagram up to date"
drawn=$(mktemp -d)/handoff-sequence.svg
python3 Scripts/make-sequence-diagram.py "$drawn"
if ! cmp -s "$drawn" Sources/SeamlessPlayback/SeamlessPlayback.docc/Resources/handoff-sequence.svg; then
    echo "error: the diagram in the catalog is not what Scripts/make-sequence-diagram.py draws: run it and commit" >&2
    status=1
fi

echo "--- every parameter documented"
graph_files=()
for module in "${modules[@]}"; do graph_files+=("$graphs/all/$module.symbols.json"); done
python3 Scripts/check-doc-parameters.py --baseline Scripts/doc-parameters-baseline.txt "${graph_files[@]}" || status=1

# docc reads every graph in the directory it is given, so each module gets a directory of its own graphs.
for module in "${modules[@]}"; do
    echo "--- docc convert $module"
    rm -rf "${graphs:?}/$module"
    mkdir -p "$graphs/$module"
    cp "$graphs/all/$module".symbols.json "$graphs/$module/"
    cp "$graphs/all/$module"@*.symbols.json "$graphs/$module/" 2>/dev/null || true
    rm -rf "$output/$module.doccarchive"
    "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.seamlessplayback.$module" \
        --output-path "$output/$module.doccarchive" \
        --warnings-as-errors || status=1
done

if [[ $status -ne 0 ]]; then
    echo "documentation: FAILED (see above)" >&2
    exit 1
fi
echo "documentation: built in $output (${modules[*]/%/.doccarchive})"
