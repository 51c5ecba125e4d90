#!/usr/bin/env bash
# A mail-like inbox on the alternate screen, for the DSL's user-level tests (InboxTuiE2eTest): unread subjects in
# bold behind a star, the selected row in inverse video, a status bar. Up/Down or a left click (mouse reporting in
# SGR, CSI ? 1000 h and ? 1006 h) select, Enter opens the message, Escape goes back, q quits and prints how many
# messages were read.
subjects=("Build failed on main" "Lunch on Friday?" "Your invoice #1042")
bodies=("The nightly build failed: 3 tests." "Pizza or sushi?" "Amount due: 42.00 EUR")
seen=(0 0 0)
sel=0
opened=-1
FIRST_ROW=3   # the screen row of the first message

unread() {
  local count=0 s
  for s in "${seen[@]}"; do count=$((count + 1 - s)); done
  echo "$count"
}

draw() {
  local rows cols i
  read -r rows cols < <(stty size)
  printf '\e[H\e[2J'
  if ((opened >= 0)); then
    printf '\e[1m%s\e[0m\e[%d;1H%s' "${subjects[opened]}" "$FIRST_ROW" "${bodies[opened]}"
    printf '\e[%d;1H\e[36m%s\e[0m' "$rows" "Esc back"
    return
  fi
  printf '\e[1mInbox (%d unread)\e[0m' "$(unread)"
  for i in "${!subjects[@]}"; do
    printf '\e[%d;1H' $((FIRST_ROW + i))
    local line
    if ((seen[i])); then line="   ${subjects[i]}"; else line=" * ${subjects[i]}"; fi
    if ((i == sel)); then printf '\e[7m'; elif ((!seen[i])); then printf '\e[1m'; fi
    printf '%s\e[0m' "$line"
  done
  printf '\e[%d;1H\e[36m%s\e[0m' "$rows" "Up/Down or click: select  Enter: open  q: quit"
}

# a left-button press at a message's row selects it (the release, "m", and other buttons do nothing)
clicked() {
  local report=$1 button col row
  IFS=';' read -r button col row <<< "${report%M}"
  [[ $report == *M && $button == 0 ]] || return
  ((row >= FIRST_ROW && row < FIRST_ROW + ${#subjects[@]})) && sel=$((row - FIRST_ROW))
}

finish() {
  printf '\e[?1006l\e[?1000l\e[?25h\e[?1049l'
}

printf '\e[?1049h\e[?25l\e[?1000h\e[?1006h'
trap finish EXIT
draw
while IFS= read -rsn1 key; do
  case $key in
    q) ((opened < 0)) && break ;;
    '') ((opened < 0)) && { opened=$sel; seen[sel]=1; } ;;   # Enter
    $'\e')
      rest=''
      IFS= read -rsn2 -t 0.1 rest
      case $rest in
        '') opened=-1 ;;   # Escape alone
        '[A') ((opened < 0 && sel > 0)) && ((sel--)) ;;
        '[B') ((opened < 0 && sel < ${#subjects[@]} - 1)) && ((sel++)) ;;
        '[<')
          report=''
          while IFS= read -rsn1 c; do report+=$c; [[ $c == [Mm] ]] && break; done
          ((opened < 0)) && clicked "$report" ;;
      esac ;;
  esac
  draw
done
finish
trap - EXIT
echo "read $(( ${#subjects[@]} - $(unread) )) of ${#subjects[@]}"
