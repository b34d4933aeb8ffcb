# Compiles the student's Minimax.java with every .java file beside it, the driver and the
# trace helper (MinimaxTrace.java: the harness's copy replaces the student's, in their package).
# Lines starting `minimax-note: ` are the grader's notes for the report and the feedback.
#
# Which Minimax.java, when there are several: the sheet's layout (Minimax/src/Minimax.java)
# first, then one under a `src` folder (NetBeans and Eclipse projects), then the shallowest,
# then by name. A `package` line is honoured: the driver is compiled into the same package
# and called there. Sources written on Windows are often Latin-1: javac is asked again in
# that encoding.
set -u
candidates=$(find . -name Minimax.java -type f ! -path '*/__MACOSX/*' ! -path './.minimax-*' |
    awk '{
        path = tolower($0)
        rank = 2
        if (path ~ /(^|\/)minimax\/src\/minimax\.java$/) rank = 0
        else if (path ~ /\/src\//) rank = 1
        print rank " " gsub("/", "/") " " $0
    }' | sort -k1,1n -k2,2n -k3 | cut -d' ' -f3-)
if [ -z "$candidates" ]; then
    echo "no Minimax.java in the submission (the harness looks for Minimax/src/Minimax.java, as the sheet lays it out, or a Minimax.java anywhere)"
    exit 1
fi
found=$(printf '%s\n' "$candidates" | head -n 1)
src=$(dirname "$found")
count=$(printf '%s\n' "$candidates" | wc -l)
if [ "$count" -gt 1 ]; then
    others=$(printf '%s\n' "$candidates" | tail -n +2 | sed 's|^\./||' | awk 'NR > 1 { printf ", " } { printf "%s", $0 }')
    echo "minimax-note: graded ${found#./} (the sheet's Minimax/src/Minimax.java first, then a src folder, then the shallowest); passed over $others"
fi
# The package the student declared, if any (NetBeans puts `package minimax;` first).
package=$(sed -n 's/^[[:space:]]*package[[:space:]][[:space:]]*\([A-Za-z_][A-Za-z0-9_.]*\)[[:space:]]*;.*/\1/p' "$found" | head -n 1)
mkdir -p .minimax-classes
driver=MinimaxDriver.java
helper=MinimaxTrace.java
main=MinimaxDriver
if [ -n "$package" ]; then
    # The driver joins the student's package, so that classes and members without `public`
    # (`static class Gato`, `tiraEn`) are within its reach.
    mkdir -p .minimax-driver
    { echo "package $package;"; cat MinimaxDriver.java; } > .minimax-driver/MinimaxDriver.java
    { echo "package $package;"; cat MinimaxTrace.java; } > .minimax-driver/MinimaxTrace.java
    driver=.minimax-driver/MinimaxDriver.java
    helper=.minimax-driver/MinimaxTrace.java
    main="$package.MinimaxDriver"
    echo "minimax-note: ${found#./} is in package $package: compiled and called in it"
fi
printf '%s\n' "$main" > .minimax-classes/minimax-main
set --
for file in "$src"/*.java; do
    # The harness's own driver replaced any file of its name at the top; its trace helper
    # replaces the student's copy wherever it is.
    case "$file" in
    ./MinimaxDriver.java | */MinimaxTrace.java) ;;
    *) set -- "$@" "$file" ;;
    esac
done
compile() {
    encoding=$1
    shift
    javac -J-XX:+UseSerialGC -J-XX:TieredStopAtLevel=1 -J-XX:-UsePerfData -proc:none -nowarn -encoding "$encoding" -d .minimax-classes "$@" "$driver" "$helper" 2>&1
}
if ! out=$(compile UTF-8 "$@"); then
    if printf '%s' "$out" | grep -q 'unmappable character'; then
        out=$(compile ISO-8859-1 "$@") || { printf '%s\n' "$out"; exit 1; }
        echo "minimax-note: ${found#./} is not UTF-8: compiled as Latin-1 (ISO-8859-1)"
    else
        printf '%s\n' "$out"
        exit 1
    fi
fi
