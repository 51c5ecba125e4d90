# ptyctl shell integration hooks for zsh: OSC 133 prompt marks (A prompt, B command line, C output, D;<exit code>),
# OSC 633 E with the command line, OSC 7 working directory, and the title (the running command, or "zsh <cwd>" at
# the prompt). Added with add-zsh-hook, so the user's own precmd/preexec functions keep running.
(( ${+__ptyctl_loaded} )) && return
typeset -g __ptyctl_loaded=1 __ptyctl_running=0
autoload -Uz add-zsh-hook

__ptyctl_title() { print -rn -- $'\e]2;'"${1//[[:cntrl:]]/}"$'\a' }

# First of the precmd functions: it must see the command's exit status before any other hook changes it.
__ptyctl_precmd_status() {
  local st=$?
  if (( __ptyctl_running )); then
    print -n "\e]133;D;$st\a"
    __ptyctl_running=0
  fi
  # Keep this function first and the marking one last, whatever the user's .zshrc added in between.
  precmd_functions=(__ptyctl_precmd_status ${precmd_functions:#__ptyctl_*} __ptyctl_precmd_mark)
  return $st
}

# Variables the server pins, given as PTYCTL_PINNED_NAME=value (terminal_run's shell: PAGER=cat and the like), win
# over what the start-up files set (a ~/.zshrc exporting PAGER=less): exported at the first prompt, when they have all
# run, rather than typed as the shell's first command, which showed on the screen. Not passed on to the programs this
# shell starts.
__ptyctl_pin_env() {
  local v
  for v in ${(k)parameters[(I)PTYCTL_PINNED_*]}; do
    export ${v#PTYCTL_PINNED_}=${(P)v}
    unset $v
  done
  typeset -g __ptyctl_pinned=1
}

# Last of the precmd functions: themes rebuild PS1 in theirs, so the marks go on afterwards.
__ptyctl_precmd_mark() {
  (( ${+__ptyctl_pinned} )) || __ptyctl_pin_env
  print -rn -- $'\e]7;file://'"${HOST}${${PWD//\%/%25}// /%20}"$'\a'
  __ptyctl_title "zsh ${(%):-%~}"
  # Only B lives in PS1: zle redraws PS1 (reset-prompt, resizes), and a redraw is not a new prompt. A is printed
  # here, once per prompt.
  if [[ $PS1 != *$'\e]133;B\a'* ]]; then
    PS1="$PS1"$'%{\e]133;B\a%}'
  fi
  # PS2 (the line so far is incomplete) carries OSC 633 F: the shell waits for more instead of running it.
  if [[ $PS2 != *$'\e]633;F\a'* ]]; then
    PS2=$'%{\e]633;F\a%}'"$PS2"
  fi
  # Exported (the user's environment had them), the marked prompts would reach the programs this shell starts, and a
  # nested shell would print marks of its own: they stay this shell's own.
  typeset -g +x PS1 PS2
  print -n "\e]133;A\a"
}

# The command line as OSC 633 E carries it: backslash and ';' escaped, control characters as \xHH.
__ptyctl_escape() {
  local s=${1//\\/\\\\} out= c
  s=${s//;/\\x3b}
  if [[ $s == *[[:cntrl:]]* ]]; then
    for c in ${(s::)s}; do
      [[ $c == [[:cntrl:]] ]] && printf -v c '\\x%02x' "'$c"
      out+=$c
    done
    s=$out
  fi
  print -rn -- $s
}

# $1 is the line as typed (empty when history is off); $3 the full text being run.
__ptyctl_preexec() {
  __ptyctl_running=1
  local line=${1:-$3}
  print -rn -- $'\e]633;E;'"$(__ptyctl_escape "$line")"$'\a\e]133;C\a'
  __ptyctl_title "$line"
}

add-zsh-hook precmd __ptyctl_precmd_status
add-zsh-hook precmd __ptyctl_precmd_mark
add-zsh-hook preexec __ptyctl_preexec
