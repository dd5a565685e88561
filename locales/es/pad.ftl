# Las palabras de cada página y exportación que lee la gente, en español, con las del
# reglamento de la edición El Chavo (Fase, ronda, grupo, escalera, comodín, «Pierdes el turno»).
# Los mismos mensajes que locales/en/pad.ftl; `cargo test` comprueba que coinciden.

## Títulos

pad-title-dice = Hoja de puntaje de Phase 10 Dice
pad-title-cards = Hoja de puntaje de Phase 10
blank-title = { $title } (en blanco)
live-title-dice = Phase 10 Dice: la hoja en vivo
live-title-cards = Phase 10: la hoja en vivo

## Cómo va el juego

status-in-progress = en juego
status-last-round = última ronda
status-finished = terminado
status-tie-break-due = falta la ronda de desempate
winner = Ganador
winners = { $count ->
    [one] Ganador
   *[other] Ganadores
  }: { $names }

## La clasificación, arriba de la hoja

standings = Clasificación
col-player = Jugador
col-phase = Fase
col-total = Total
col-now = Ahora
on-phase = Fase { $phase }
all-phases-done = todas hechas
plays-now = juega ahora
deals-now = reparte
grid-dice = La hoja, fase por fase
grid-cards = La hoja, ronda por ronda

## Las filas de la hoja de dados

dice-phase-1 = 2 grupos de 3
dice-phase-2 = 1 grupo de 3 + 1 escalera de 4
dice-phase-3 = 1 grupo de 4 + 1 escalera de 4
dice-phase-4 = 1 escalera de 7
dice-phase-5 = 1 escalera de 8
dice-phase-6 = 1 escalera de 9
dice-phase-7 = 2 grupos de 4
dice-phase-8 = 7 de un solo color
dice-phase-9 = 1 grupo de 5 + 1 grupo de 2
dice-phase-10 = 1 grupo de 5 + 1 grupo de 3
five-phase-bonus = Bono de cinco fases
five-phase-total = Total de cinco fases
first-finish-bonus = Bono por terminar primero
failures = Fallos
solitaire-penalty = Penalización en solitario
grand-total = Total final
turns-fixed = Turnos corregidos
blank-five-phase-bonus = Bono de cinco fases (+40 si pasa de 220)
blank-first-finish-bonus = Bono por terminar primero (+40)
blank-solitaire-penalty = Penalización en solitario (5 por fallo)

## Las filas y columnas de la hoja de cartas

card-phase-1 = 2 grupos de 3
card-phase-2 = 1 grupo de 3 + 1 escalera de 4
card-phase-3 = 1 grupo de 4 + 1 escalera de 4
card-phase-4 = 1 escalera de 7
card-phase-5 = 1 escalera de 8
card-phase-6 = 1 escalera de 9
card-phase-7 = 2 grupos de 4
card-phase-8 = 7 cartas de 1 color
card-phase-9 = 1 grupo de 5 + 1 grupo de 2
card-phase-10 = 1 grupo de 5 + 1 grupo de 3
card-col-phase = Fase
card-col-made = Hecha
card-col-points = Puntos
card-col-total = Total
card-col-went-out = Salió
made-yes = sí
made-no = no
went-out = salió
hand = Ronda { $number }
hand-tie-break = desempate
hand-fixed = corregida
dealt-by = repartió { $name }
phases-done = Fases hechas
working-on = Trabaja en
next-deal = Próximo reparto
total-points = Puntos totales
edition-standard = Edición estándar
edition-el-chavo = Edición El Chavo
phases-played = Fases en juego: { $phases }
ten-hands = diez rondas, gana el puntaje más bajo
legend-cards = Hecha: sí o no; salió: se deshizo de todas sus cartas y terminó la ronda; R: repartió la ronda. La ronda de desempate la juegan solo los empatados.
dealer-mark = R
dealer-title = repartió esta ronda
points-reminder = Puntos por carta en la mano: 5 por cada una del 1 al 9, 10 por cada una del 10 al 12, 15 por cada «Pierdes el turno», 25 por cada «comodín».

## La gráfica de totales

chart-title-dice = Totales por ronda
chart-title-cards = Totales por ronda
chart-axis-dice = ronda 1 a { $last }
chart-axis-cards = ronda 1 a { $last }
chart-line = { $name }: { $total } tras { $count }

## La hoja en vivo

live-opening = Abriendo la hoja en vivo…
live-following = Siguiendo el juego en vivo.
live-stopped = Este enlace ya no sigue el juego.

## Un enlace que terminó

ended-title = Este enlace no abre ningún juego
ended-text = Fue revocado o caducó, o está mal escrito. Pide un enlace nuevo a quien compartió el juego.

## La hoja en blanco

blank-player = Jugador { $number }

## El CSV

csv-player = Jugador

## El repaso de un juego digital (RULES §12)

review-title = Repaso
review-about-make = Cada elección de dados frente al juego perfecto exacto, para la probabilidad de completar la fase.
review-about-game = Cada elección de dados frente al juego perfecto exacto de toda la partida solitaria: los puntos que faltan por llegar.
review-players = Jugadores
review-col-choices = Elecciones
review-col-accuracy = Precisión
review-col-luck = Suerte
review-no-choices = aún sin elecciones
review-costliest = Las elecciones más caras primero
review-no-mistakes = Cada elección fue la mejor.
review-every-turn = Todos los turnos
review-no-turns = Aún no se ha anotado ningún turno.
review-turn = Turno { $number } · { $name } · fase { $phase }
review-turn-figures = { $before } antes de la primera tirada, { $after } al final; suerte { $luck }
review-first-roll = Primera tirada
review-roll = Tirada { $number }
review-roll-luck = suerte { $luck }
review-label-best = la mejor
review-label-good = buena
review-label-inaccuracy = imprecisión
review-label-mistake = error
review-label-blunder = error grave
review-counted-best = { $count ->
    [one] { $count } mejor
   *[other] { $count } mejores
  }
review-counted-good = { $count ->
    [one] { $count } buena
   *[other] { $count } buenas
  }
review-counted-inaccuracy = { $count ->
    [one] { $count } imprecisión
   *[other] { $count } imprecisiones
  }
review-counted-mistake = { $count ->
    [one] { $count } error
   *[other] { $count } errores
  }
review-counted-blunder = { $count ->
    [one] { $count } error grave
   *[other] { $count } errores graves
  }
# Un número de dados en palabras: «tiró seis».
review-dice = { $count ->
    [1] uno
    [2] dos
    [3] tres
    [4] cuatro
    [5] cinco
    [6] seis
    [7] siete
    [8] ocho
    [9] nueve
    [10] diez
   *[other] { $count }
  }
review-stopped = Se plantó con { $kept }
review-kept = Guardó { $kept } y tiró { $dice }
review-rolled-all = Tiró los { $dice }
review-best-stop = plantarse daba { $value }
review-best-keep = guardar { $kept } y tirar { $dice } daba { $value }
review-best-all = tirar los { $dice } daba { $value }
review-same-as-best = la mejor elección
review-points = { $points } puntos
review-to-come = { $points } puntos por venir
review-phases = { $phases } fases
review-percent = { $value } %
review-decimal-mark = ,
