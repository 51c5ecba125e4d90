#!/usr/bin/env bash
# A picker in the manner of fzf, for the DSL's tests: the items are the arguments; typing filters them (a
# case-insensitive substring), Up/Down move the selection (drawn in inverse video), Backspace edits the query, Enter
# prints the selected item on the normal screen and exits 0, Escape exits 130 printing nothing. It draws on the
# alternate screen, as fzf does with --height=100%.
items=("$@")
query=""
selected=0

filtered() {
    local item
    for item in "${items[@]}"; do
        if [[ "${item,,}" == *"${query,,}"* ]]; then
            printf '%s\n' "$item"
        fi
    done
}

draw() {
    mapfile -t matches < <(filtered)
    if ((selected >= ${#matches[@]})); then selected=$((${#matches[@]} > 0 ? ${#matches[@]} - 1 : 0)); fi
    printf '\e[H\e[2J'
    local i
    for i in "${!matches[@]}"; do
        if ((i == selected)); then
            printf '\e[7m> %s\e[0m\n' "${matches[i]}"
        else
            printf '  %s\n' "${matches[i]}"
        fi
    done
    printf '\e[%d;1H\e[32m  %d/%d\e[0m' "$(($(tput lines) - 1))" "${#matches[@]}" "${#items[@]}"
    printf '\e[%d;1H> %s' "$(tput lines)" "$query"
}

finish() {
    stty "$saved"
    printf '\e[?1049l'
}

saved=$(stty -g)
stty -echo -icanon
printf '\e[?1049h'
while true; do
    draw
    IFS= read -rsn1 key
    case "$key" in
        $'\e')
            if IFS= read -rsn2 -t 0.1 rest; then
                case "$rest" in
                    '[A') ((selected > 0)) && selected=$((selected - 1)) ;;
                    '[B') selected=$((selected + 1)) ;;
                esac
            else
                finish
                exit 130
            fi
            ;;
        '') # Enter
            finish
            if ((${#matches[@]} > 0)); then printf '%s\n' "${matches[selected]}"; fi
            exit 0
            ;;
        $'\x7f') query=${query%?}; selected=0 ;;
        *) query+=$key; selected=0 ;;
    esac
done
