-- The grader's driver for minimax(estado): reads the position on stdin, builds estado
-- (tablero[fila][columna] of "X", "O" and "-", turno), calls the student's minimax and
-- writes the action. The student's print goes to stderr, never taken for the answer.
local texto = io.read("a")
local celdas, equis, os = {}, 0, 0
for c in texto:gmatch("[XO0%-]") do
  if c == "0" then c = "O" end
  celdas[#celdas + 1] = c
  if c == "X" then equis = equis + 1 elseif c == "O" then os = os + 1 end
end
local estado = {tablero = {}, turno = (equis == os) and "X" or "O"}
for fila = 1, 3 do
  estado.tablero[fila] = {}
  for col = 1, 3 do estado.tablero[fila][col] = celdas[(fila - 1) * 3 + col] end
end
function estado:show()
  for fila = 1, 3 do io.stderr:write(table.concat(self.tablero[fila], "   "), "\n") end
end

local salida = io.stdout
print = function(...)
  local partes = {}
  for i = 1, select("#", ...) do partes[#partes + 1] = tostring(select(i, ...)) end
  io.stderr:write(table.concat(partes, "\t"), "\n")
end
io.write = function(...) return io.stderr:write(...) end

local archivo = io.popen("find . -name minimax.lua ! -path '*/__MACOSX/*' | awk -F/ '{ print NF \" \" $0 }' | sort -n | head -n 1 | cut -d' ' -f2-"):read("l")
if not archivo or archivo == "" then
  io.stderr:write("no minimax.lua in the submission\n")
  os.exit(1)
end
dofile(archivo)
local accion = minimax(estado)
if type(accion) == "table" then
  accion = table.concat({accion.simbolo or accion[1], accion.x or accion[2], accion.y or accion[3]}, " ")
end
salida:write(tostring(accion), "\n")
