#!/usr/bin/env bash
# A small full-screen to-do list, the kind of TUI the testing guide tests: alternate screen, a title bar, the
# selected item in inverse video, done items struck through in green, a status bar. Keys: arrows move, space
# toggles, q quits and prints a summary.
items=("Write the release notes" "Tag v1.2" "Deploy to staging")
done_=(0 0 0)
sel=0

draw() {
  local rows cols
  read -r rows cols < <(stty size)
  printf '\e[H\e[2J\e[1;1H\e[1;7m%-*s\e[0m' "$cols" " Todo: ${#items[@]} items"
  for i in "${!items[@]}"; do
    printf '\e[%d;1H' $((i + 3))
    local box="[ ]" style=""
    if [ "${done_[$i]}" = 1 ]; then box="[x]"; style='\e[9;32m'; fi
    if [ "$i" = "$sel" ]; then printf '\e[7m'; fi
    printf "%s $style%s\e[0m" "$box" "${items[$i]}"
  done
  printf '\e[%d;1H\e[2m%s\e[0m' "$rows" "↑↓ move  space toggle  q quit"
}

printf '\e[?1049h\e[?25l'
trap draw WINCH
draw
while IFS= read -rsn1 key; do
  case "$key" in
    q) break ;;
    ' ') done_[$sel]=$((1 - done_[$sel])) ;;
    $'\e') read -rsn2 rest
           case "$rest" in
             '[A') ((sel > 0)) && ((sel--)) ;;
             '[B') ((sel < ${#items[@]} - 1)) && ((sel++)) ;;
           esac ;;
  esac
  draw
done
printf '\e[?25h\e[?1049l'
count=0
for d in "${done_[@]}"; do count=$((count + d)); done
echo "$count of ${#items[@]} done"
