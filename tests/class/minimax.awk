# A student's minimax for the practice, in awk, shared by the sample submissions.
# Reads the position (the sheet's grid) on stdin and prints an answer. Variables (-v):
#   mode=action   (default) the action `X c r`, choosing the LAST of the best moves
#   mode=board    the next board in the sheet's grid
#   mode=swapped  the action with row and column swapped (`X r c`)
#   mode=blocker  no search: block the opponent's line if any, else win, else first empty
#   style=paren   write the action as `(x, c, r)`

function winner(b,    i, l, a) {
    for (i = 1; i <= 8; i++) {
        split(LINES[i], l, ",")
        a = substr(b, l[1], 1)
        if (a != "-" && a == substr(b, l[2], 1) && a == substr(b, l[3], 1)) return a
    }
    return ""
}
function other(p) { return p == "X" ? "O" : "X" }
function put(b, i, p) { return substr(b, 1, i - 1) p substr(b, i + 1) }
# The minimax value for `me` of board b with p to move.
function value(b, p, me,    w, i, best, v) {
    w = winner(b)
    if (w != "") return w == me ? 1 : -1
    if (index(b, "-") == 0) return 0
    best = (p == me) ? -2 : 2
    for (i = 1; i <= 9; i++) if (substr(b, i, 1) == "-") {
        v = value(put(b, i, p), other(p), me)
        if (p == me && v > best) best = v
        if (p != me && v < best) best = v
    }
    return best
}
# The first empty cell completing a line of p, or 0.
function completes(b, p,    i) {
    for (i = 1; i <= 9; i++) if (substr(b, i, 1) == "-" && winner(put(b, i, p)) == p) return i
    return 0
}
BEGIN {
    LINES[1] = "1,2,3"; LINES[2] = "4,5,6"; LINES[3] = "7,8,9"; LINES[4] = "1,4,7"
    LINES[5] = "2,5,8"; LINES[6] = "3,6,9"; LINES[7] = "1,5,9"; LINES[8] = "3,5,7"
    board = ""
}
{
    n = length($0)
    for (i = 1; i <= n; i++) {
        c = substr($0, i, 1)
        if (c == "X" || c == "x") board = board "X"
        else if (c == "O" || c == "o" || c == "0") board = board "O"
        else if (c == "-" || c == "." || c == "_") board = board "-"
    }
}
END {
    nx = gsub(/X/, "X", board); no = gsub(/O/, "O", board)
    me = (nx == no) ? "X" : "O"
    if (mode == "blocker") {
        best = completes(board, other(me))
        if (!best) best = completes(board, me)
        if (!best) best = index(board, "-")
    } else {
        bestv = -2
        for (i = 1; i <= 9; i++) if (substr(board, i, 1) == "-") {
            v = value(put(board, i, me), other(me), me)
            if (v > bestv || (v == bestv && mode != "board")) { bestv = v; best = i }
        }
    }
    col = (best - 1) % 3 + 1; row = int((best - 1) / 3) + 1
    if (mode == "board") {
        next_board = put(board, best, me)
        for (r = 0; r < 3; r++) printf "%s   %s   %s\n", substr(next_board, 3*r+1, 1), substr(next_board, 3*r+2, 1), substr(next_board, 3*r+3, 1)
    } else if (mode == "swapped") print me " " row " " col
    else if (style == "paren") print "(" tolower(me) ", " col ", " row ")"
    else print me " " col " " row
}
