# Sourced by benches/connect4.sh and benches/connect4-book.sh (from the repository's root).
# Steininger's solver (github.com/ChristopheSteininger/c4): a checkout in target/steininger
# (cloned, or STEININGER_SRC=/path/to/a/copy), built with g++ three times: its own `c4`
# (the empty board's root score, 2 threads and a 1 GB table as its settings.h ships), and
# a driver of ours (written below, not part of its repository) that solves each line of a
# file for its root score, the table kept, once with one thread (`positions-1`, beside
# `minimax --root` on one thread) and once with its default threads (`positions`).
src=${STEININGER_SRC:-target/steininger}
if [ ! -f "$src/src/solver/solver.h" ]; then
	rm -rf target/steininger
	if ! git clone --quiet --depth 1 https://github.com/ChristopheSteininger/c4 target/steininger; then
		echo "$0: cannot clone Steininger's solver; run STEININGER_SRC=/path/to/a/copy/of/c4 $0" >&2
		exit 2
	fi
	src=target/steininger
fi
st=target/steininger-build
if [ ! -x "$st/positions-1" ]; then
	rm -rf "$st" && mkdir -p "$st/one"
	cat >"$st/positions.cpp" <<'CPP'
// Solves each line of moves (columns 1-7) on stdin for its root score, one table for all;
// prints "line score", then the mean time and the nodes on stderr.
#include <chrono>
#include <iostream>
#include <string>
#include "position.h"
#include "solver.h"
int main() {
    Solver solver{};
    std::string line;
    double seconds = 0;
    int count = 0;
    while (std::getline(std::cin, line)) {
        if (line.empty()) continue;
        Position pos{};
        for (char c : line) pos.move(c - '1');
        auto from = std::chrono::steady_clock::now();
        int score = solver.solve_strong(pos);
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count();
        count++;
        std::cout << line << " " << score << std::endl;
    }
    std::cerr << count << " positions, mean " << seconds * 1000 / count << " ms, "
              << solver.get_merged_stats().get_num_nodes() << " nodes" << std::endl;
}
CPP
	flags="-std=c++20 -O3 -DNDEBUG -march=native -lpthread"
	g++ -o "$st/c4" "$src"/src/c4.cpp "$src"/src/solver/*.cpp "$src"/src/solver/*/*.cpp $flags
	g++ -I"$src/src/solver" -o "$st/positions" "$st/positions.cpp" "$src"/src/solver/*.cpp "$src"/src/solver/*/*.cpp $flags
	cp -r "$src/src/solver/." "$st/one/"
	sed -i 's/NUM_THREADS = [0-9]*;/NUM_THREADS = 1;/' "$st/one/settings.h"
	g++ -I"$st/one" -o "$st/positions-1" "$st/positions.cpp" "$st"/one/*.cpp "$st"/one/*/*.cpp $flags
fi

