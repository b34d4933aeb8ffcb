# Compiles the student's Minimax.java with every .java file beside it, and the driver.
# Sources written on Windows are often Latin-1: javac is asked again in that encoding.
set -u
found=$(find . -name Minimax.java -type f ! -path '*/__MACOSX/*' ! -path './.minimax-*' | awk '{ print gsub("/", "/") " " $0 }' | sort -n -k1,1 -k2 | head -n 1 | cut -d' ' -f2-)
if [ -z "$found" ]; then
    echo "no Minimax.java in the submission"
    exit 1
fi
src=$(dirname "$found")
count=$(find . -name Minimax.java -type f ! -path '*/__MACOSX/*' | wc -l)
if [ "$count" -gt 1 ]; then
    echo "note: $count files named Minimax.java; compiling the one in $src" >&2
fi
mkdir -p .minimax-classes
# The driver sits at the top; when the student's sources do too, it is among them already.
driver=MinimaxDriver.java
[ "$src" = . ] && driver=
compile() {
    javac -J-XX:+UseSerialGC -J-XX:TieredStopAtLevel=1 -J-XX:-UsePerfData -proc:none -nowarn -encoding "$1" -d .minimax-classes "$src"/*.java $driver 2>&1
}
if ! out=$(compile UTF-8); then
    if printf '%s' "$out" | grep -q 'unmappable character'; then
        out=$(compile ISO-8859-1) || { printf '%s\n' "$out"; exit 1; }
    else
        printf '%s\n' "$out"
        exit 1
    fi
fi
