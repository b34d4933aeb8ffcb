-- Práctica 5: minimax para el gato, como en el ejemplo de la hoja: minimax(estado) devuelve la acción.
local lineas = {{1,2,3},{4,5,6},{7,8,9},{1,4,7},{2,5,8},{3,6,9},{1,5,9},{3,5,7}}

local function ganador(c)
  for _, l in ipairs(lineas) do
    if c[l[1]] ~= "-" and c[l[1]] == c[l[2]] and c[l[2]] == c[l[3]] then return c[l[1]] end
  end
end

local function valor(c, jugador)
  local g = ganador(c)
  if g then return g == "X" and 1 or -1 end
  local mejor, alguna = nil, false
  for i = 1, 9 do
    if c[i] == "-" then
      alguna = true
      c[i] = jugador
      local v = valor(c, jugador == "X" and "O" or "X")
      c[i] = "-"
      if mejor == nil or (jugador == "X" and v > mejor) or (jugador == "O" and v < mejor) then mejor = v end
    end
  end
  return alguna and mejor or 0
end

function minimax(estado)
  local c = {}
  for fila = 1, 3 do for col = 1, 3 do c[#c + 1] = estado.tablero[fila][col] end end
  local jugador = estado.turno
  local mejor, mejorValor
  for i = 1, 9 do
    if c[i] == "-" then
      c[i] = jugador
      local v = valor(c, jugador == "X" and "O" or "X")
      c[i] = "-"
      if mejor == nil or (jugador == "X" and v > mejorValor) or (jugador == "O" and v < mejorValor) then
        mejor, mejorValor = i, v
      end
    end
  end
  print("pensando...")
  return jugador .. " " .. ((mejor - 1) % 3 + 1) .. " " .. ((mejor - 1) // 3 + 1)
end
