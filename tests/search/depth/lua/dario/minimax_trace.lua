-- The search's trace for minimax's grader (protocol version 1, doc/grading.md), for Lua.
--
--   local traza = require("minimax_trace")
--   traza.enter()                        -- optional: the root itself (MAX-VALUE at the top)
--   traza.enter("X 3 1", alpha, beta)    -- the node the move leads to; alpha, beta optional
--   traza.leave(v)                       -- its value, from MAX's view
--   traza.flush()                        -- at the end (a program leaving by os.exit must)
--
-- Nothing is written unless the grader sets MINIMAX_TRACE (a descriptor number such as 2, or
-- a file name). Lines are kept and written whole, so what the program writes to stderr
-- itself falls between lines, never inside one.
local M = {}
local target = os.getenv("MINIMAX_TRACE")
local out, lines, count = nil, {}, 0

if target and target ~= "" then
  if target == "2" then
    out = io.stderr
  elseif target:match("^%d+$") then
    out = io.open("/dev/fd/" .. target, "w")
  else
    out = io.open(target, "w")
  end
end

local function number(v)
  if v == math.huge then return "inf" end
  if v == -math.huge then return "-inf" end
  return tostring(v)
end

function M.flush()
  if out and count > 0 then
    out:write(table.concat(lines))
    out:flush()
    lines, count = {}, 0
  end
end

local function write(line)
  count = count + 1
  lines[count] = line
  if count >= 4096 then M.flush() end
end

function M.enter(move, alpha, beta)
  if not out then return end
  if move == nil then
    write("enter\n")
  elseif alpha == nil or beta == nil then
    write("enter " .. move .. "\n")
  else
    write("enter " .. move .. " " .. number(alpha) .. " " .. number(beta) .. "\n")
  end
end

function M.leave(value)
  if out then write("leave " .. number(value) .. "\n") end
end

if out then
  write("minimax-trace 1\n")
  -- Flushed when the program ends normally, if it did not flush itself.
  M._sentinel = setmetatable({}, { __gc = M.flush })
end

return M
