#!/bin/sh
# Times `minimax grade` on a Moodle download of 100 generated Java submissions on the
# practice's starter (java-gato harness: javac, then one JVM per student) with 24 positions,
# every sandbox layer the machine allows. Usage: benches/java-class.sh [STUDENTS] [POSITIONS]
set -eu
cd "$(dirname "$0")/.."
students=${1:-100}
positions=${2:-24}
cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work/download"
i=1
while [ "$i" -le "$students" ]; do
    project="$work/projects/$i"
    mkdir -p "$project/Minimax/src"
    # Each submission is its own: its own comment, and half scan the board bottom-up.
    sed "s|/\*\* Práctica 5: minimax para el gato. \*/|/** Práctica 5, entrega $i. */|" \
        tests/lms/java/correcto/Minimax.java > "$project/Minimax/src/Minimax.java"
    if [ $((i % 2)) -eq 0 ]; then
        sed -i 's/for (int y = 0; y < 3; y++)/for (int y = 2; y >= 0; y--)/' "$project/Minimax/src/Minimax.java"
    fi
    printf 'Estudiante %s\nPráctica 05\n' "$i" > "$project/readme.txt"
    folder="$work/download/Estudiante ${i}_$((100000 + i))_assignsubmission_file"
    mkdir -p "$folder"
    (cd "$project" && /usr/bin/python3 -m zipfile -c "$folder/Entrega$i.zip" Minimax readme.txt)
    i=$((i + 1))
done
(cd "$work/download" && /usr/bin/python3 -m zipfile -c "$work/moodle-download.zip" .)
echo "$students submissions, $positions positions, $(nproc) cores"
start=$(date +%s.%N)
target/release/minimax grade --submissions "$work/moodle-download.zip" --harness java-gato \
    --sample "$positions" --seed 1 --format csv --out "$work/report.csv"
end=$(date +%s.%N)
optimal=$(awk -F, '$3 == "optimal"' "$work/report.csv" | wc -l)
echo "graded in $(awk "BEGIN { printf \"%.1f\", $end - $start }") s; $optimal of $((students * positions)) answers optimal"
