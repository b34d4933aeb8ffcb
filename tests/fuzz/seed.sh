#!/bin/sh
# Seeds of each fuzz target, from the repository's fixtures and tests: `seed.sh DIR` fills
# DIR/<target>/ (make fuzz does, before each run; the fuzzer's finds are added beside them).
# A seed is one input as the target reads it: targets that take `(u8, bytes)` get the
# choosing byte first (unpack: 0 zip, 1 tar, 2 tar.gz; similar_tokens: 0 Java, 1 Python,
# 2 C, 3 C++, 4 Lua, 5 shell).
set -eu
out=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for target in unpack position tree answer_sheet program_output lms_csv course lms_names similar_tokens; do
    mkdir -p "$out/$target"
done
# A file copied as a seed, named by its path (flat).
seed() { # TARGET FILE [PREFIX-BYTE]
    name=$(printf '%s' "${2#"$tmp"/}" | tr '/ ' '__')
    if [ $# -eq 3 ]; then
        { printf "\\$(printf '%03o' "$3")"; cat "$2"; } >"$out/$1/$name"
    else
        cp "$2" "$out/$1/$name"
    fi
}
for f in fixtures/*.txt fixtures/*.json fixtures/boards/* fixtures/connect4/* fixtures/invalid/*; do
    [ -f "$f" ] && seed position "$f"
done
for f in fixtures/trees/*.json fixtures/trees/invalid/*; do
    [ -f "$f" ] && seed tree "$f"
done
for f in fixtures/answers/*.csv; do seed answer_sheet "$f"; done
for f in fixtures/estado1.txt fixtures/estado1.json fixtures/answers/*.txt; do seed program_output "$f"; done
printf 'X 2 3\n' >"$out/program_output/move"
printf 'n0nce 0 12 X 2 3\nn0nce 1 7 O 2 2\n' >"$out/program_output/session"
for f in tests/lms/*.csv; do seed lms_csv "$f"; done
seed course gradescope/practica5.toml
sed -n '/^```toml$/,/^```$/p' doc/course.md | sed '/^```/d' >"$out/course/doc_course.md.toml"
find tests -name submission_metadata.yml | while read -r f; do seed lms_names "$f"; done
printf 'submission_101:\n  :submitters:\n  - :name: Ana P\303\251rez\n    :sid: '"'"'42'"'"'\n' >"$out/lms_names/metadata.yml"
ls tests/handin/moodle >"$out/lms_names/moodle-folders"
for f in $(find tests/similar tests/lms tests/class -type f \( -name '*.java' -o -name '*.py' -o -name '*.c' -o -name '*.cpp' -o -name '*.lua' -o -name '*.sh' \) | sort | head -60); do
    case $f in
        *.java) byte=0 ;; *.py) byte=1 ;; *.c) byte=2 ;; *.cpp) byte=3 ;; *.lua) byte=4 ;; *) byte=5 ;;
    esac
    seed similar_tokens "$f" $byte
done
# Archives: those of the tests, and the fixtures packed as each kind.
seed unpack tests/lms/moodle-download.zip 0
find tests/handin -name '*.zip' | while read -r f; do seed unpack "$f" 0; done
tar -cf "$tmp/fixtures.tar" fixtures/answers fixtures/trees
tar -czf "$tmp/fixtures.tar.gz" fixtures/answers
python3 -c 'import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for f in sys.argv[2:]: z.write(f)' "$tmp/fixtures.zip" fixtures/estado1.txt fixtures/estado2.txt fixtures/trees/lecture.json
# Two entries of one name (only the first is kept).
python3 -W ignore -c 'import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("Minimax.java", "class Minimax {}"); z.writestr("Minimax.java", "class Other {}")' "$tmp/twice.zip"
seed unpack "$tmp/fixtures.zip" 0
seed unpack "$tmp/twice.zip" 0
seed unpack "$tmp/fixtures.tar" 1
seed unpack "$tmp/fixtures.tar.gz" 2
