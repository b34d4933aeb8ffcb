-- A student's minimax in Lua for the sheet (ASIGNAR-VALOR, then the slides' MAX-VALUE /
-- MIN-VALUE), one variant of it; make-class.py writes each student's main.lua with VARIANT.
local traza = require("minimax_trace")
local VARIANT = "slides"

local board = {}
for c in io.read("a"):gmatch("[XO0%-]") do
  if #board < 9 then board[#board + 1] = (c == "0") and "O" or c end
end

local LINES = {{1,2,3},{4,5,6},{7,8,9},{1,4,7},{2,5,8},{3,6,9},{1,5,9},{3,5,7}}

local function to_move()
  local x, o = 0, 0
  for i = 1, 9 do
    if board[i] == "X" then x = x + 1 elseif board[i] == "O" then o = o + 1 end
  end
  return x == o and "X" or "O"
end

local function winner()
  for _, l in ipairs(LINES) do
    local a = board[l[1]]
    if a ~= "-" and a == board[l[2]] and a == board[l[3]] then return a end
  end
  return nil
end

local function es_final()
  if winner() then return true end
  for i = 1, 9 do if board[i] == "-" then return false end end
  return true
end

local function utilidad(maximo)
  local w = winner()
  if w == nil then return 0 end
  return w == maximo and 1 or -1
end

local function move_of(mark, i)
  return string.format("%s %d %d", mark, (i - 1) % 3 + 1, (i - 1) // 3 + 1)
end

-- The course's depth limit (tests/search/depth.toml), counted from the root at 0; only the
-- depth variants stop there.
local PROFUNDIDAD = 2

local function at_limit(prof)
  if VARIANT == "depth" or VARIANT == "depth-shallower" then return prof == PROFUNDIDAD end
  if VARIANT == "depth-deeper" then return prof > PROFUNDIDAD end -- the bug: one ply past it
  return false
end

local function asignar_valor(maximo)
  if es_final() then return utilidad(maximo) end
  local mark = to_move()
  local v = mark == maximo and -math.huge or math.huge
  for i = 1, 9 do
    if board[i] == "-" then
      board[i] = mark
      traza.enter(move_of(mark, i))
      local w = asignar_valor(maximo)
      traza.leave(w)
      board[i] = "-"
      v = mark == maximo and math.max(v, w) or math.min(v, w)
    end
  end
  return v
end

local function value(maximo, alpha, beta, prof)
  if es_final() then return utilidad(maximo) end
  if at_limit(prof) then return 0 end -- the horizon scored as a draw
  local mark = to_move()
  local max = mark == maximo
  local v = max and -math.huge or math.huge
  for i = 1, 9 do
    if board[i] == "-" then
      board[i] = mark
      traza.enter(move_of(mark, i), alpha, beta)
      local w = value(maximo, alpha, beta, prof + 1)
      traza.leave(w)
      board[i] = "-"
      if max then
        v = math.max(v, w)
        if VARIANT == "swapped" then
          if v >= alpha then return v end
          beta = math.max(beta, v)
        else
          if v >= beta then return v end
          alpha = math.max(alpha, v)
        end
      else
        v = math.min(v, w)
        if VARIANT == "swapped" then
          if v <= beta then return v end
          alpha = math.min(alpha, v)
        else
          if v <= alpha then return v end
          beta = math.min(beta, v)
        end
      end
    end
  end
  return v
end

-- ALPHA-BETA-SEARCH / DECISION-MINIMAX with the root entered: MAX-VALUE at the top, the
-- first child of the best value is the action.
local maximo = to_move()
local prof = VARIANT == "depth-shallower" and 1 or 0 -- the bug there: the root counted as 1
traza.enter()
local best, best_v, alpha = nil, -math.huge, -math.huge
for i = 1, 9 do
  if board[i] == "-" then
    board[i] = maximo
    local w
    if VARIANT == "minimax" then
      traza.enter(move_of(maximo, i))
      w = asignar_valor(maximo)
    else
      traza.enter(move_of(maximo, i), alpha, math.huge)
      w = value(maximo, alpha, math.huge, prof + 1)
    end
    traza.leave(w)
    board[i] = "-"
    if best == nil or w > best_v then best, best_v = i, w end
    alpha = math.max(alpha, w)
  end
end
traza.leave(best_v)
traza.flush()
print(move_of(maximo, best))
