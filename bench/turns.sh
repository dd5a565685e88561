# Sourced by the bench scripts that play tabletop turns through the HTTP API with curl, as the
# load driver does: a POST has Host, Authorization: Bearer (empty before there is a key),
# Content-Type and Content-Length only. Needs $base, the server's address.

post() {  # $1 path, $2 body, [$3 key]
  curl -sS -X POST "$base$1" -H "Authorization: Bearer ${3:-}" -H "Content-Type: application/json" \
    -H "User-Agent:" -H "Accept:" -H "Expect:" --data-binary "$2"
}

# The dice that make each phase, 1 to 10, as the driver plays them.
make=("8 8 8 10 W W" "5 5 5 1 2 3 4" "10 10 10 10 1 2 3 4" "1 2 3 4 5 6 7" "1 2 3 4 5 6 7 8"
      "2 3 4 5 6 7 8 9 10" "10 10 10 10 9 9 W W" "4o 7o 8o 8o 9o 10o 10o" "10 10 10 10 10 10 W"
      "10 10 10 10 10 4 4 4")

dice_json() {  # the driver's dice(): {"value":…} with "color" first when a color is given
  local out="" t v c
  for t in $1; do
    c=""
    case $t in *r) c=red ;; *o) c=orange ;; *b) c=blue ;; *g) c=green ;; esac
    v=${t%[robg]}
    [[ $v =~ ^[0-9]+$ ]] || v='"W"'
    if [ -n "$c" ]; then out+="{\"color\":\"$c\",\"value\":$v},"; else out+="{\"value\":$v},"; fi
  done
  echo "[${out%,}]"
}

# Creates a game of two and appends to curl config $1 the requests of its first $2 turns, each
# with an Idempotency-Key of its own when $3 is "with"; $4 is the API key.
game_turns() {  # $1 config file, $2 turns, $3 with|without, $4 api key
  local game id p0 p1 i player body
  game=$(post /v1/games '{"players":[{"name":"A"},{"name":"B"}]}' "$4")
  id=$(echo "$game" | jq -er .id) || { echo "no game: $game" >&2; exit 4; }
  p0=$(echo "$game" | jq -er '.players[0].id'); p1=$(echo "$game" | jq -er '.players[1].id')
  for ((i = 0; i < $2; i++)); do
    player=$p0
    if ((i % 2)); then player=$p1; fi
    body="{\"dice\":$(dice_json "${make[$(((i / 2) % 10))]}"),\"player_id\":\"$player\"}"
    {
      if [ -s "$1" ]; then echo "next"; fi
      echo "url = \"$base/v1/games/$id/turns\""
      echo "request = \"POST\""
      echo "header = \"Authorization: Bearer $4\""
      echo "header = \"Content-Type: application/json\""
      echo "header = \"User-Agent:\""
      echo "header = \"Accept:\""
      echo "header = \"Expect:\""
      if [ "$3" = with ]; then echo "header = \"Idempotency-Key: $(python3 -c 'import uuid; print(uuid.uuid4())')\""; fi
      echo "data-binary = \"${body//\"/\\\"}\""
      echo "output = \"/dev/null\""
      echo "write-out = \"%{http_code}\\n\""
    } >> "$1"
  done
}

play() {  # $1 config; fails unless every turn was answered 201
  local codes
  codes=$(curl -sS -K "$1")
  if [ "$(echo "$codes" | grep -c '^201$')" != "$(grep -c '^url' "$1")" ]; then
    echo "a turn was not answered 201: $(echo "$codes" | sort | uniq -c | tr '\n' ' ')" >&2; exit 5
  fi
}
