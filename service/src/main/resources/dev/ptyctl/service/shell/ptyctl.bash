# ptyctl shell integration for bash 4.4+ (docs/shell-integration.md), written for this project.
#
# Loaded with `bash --rcfile <this file>`: it first sources what an interactive bash would have sourced on its own,
# then marks prompts with OSC 133 (A prompt start, B command start, C output start, D;<exit code> command end) and
# continuation prompts (PS2) with OSC 633 F,
# reports each command line with OSC 633 E and the working directory with OSC 7, and sets the title to the running
# command, or to "bash <cwd>" at the prompt. It keeps the user's PROMPT_COMMAND (run first, with $? intact) and PS1 (marked, not replaced), and loads
# only once per shell.

# A SIGINT while bash reads its start-up files makes it abandon the rest of this file, integration included, so a
# Ctrl-C typed before the first prompt (a test or script that types at once: "sleep 9", Ctrl-C) would leave a shell
# whose prompts are never marked and every wait for them would time out. While they load, Ctrl-C interrupts only the
# command it hits; bash's own handling comes back at the end of this file (unless the user's rc set a trap of its own).
trap ':' INT
[ -r /etc/bash.bashrc ] && . /etc/bash.bashrc
[ -r ~/.bashrc ] && . ~/.bashrc

if [[ $- == *i* && -z ${__ptyctl_loaded-} && ${BASH_VERSINFO[0]} -ge 4 ]]; then
__ptyctl_loaded=1

# Variables the server pins, given as PTYCTL_PINNED_NAME=value (terminal_run's shell: PAGER=cat and the like), win
# over what the start-up files above set (a ~/.bashrc exporting PAGER=less): exported here, after them, rather than
# typed as the shell's first command, which showed on the screen. Not passed on to the programs this shell starts.
for __ptyctl_pin in ${!PTYCTL_PINNED_@}; do
  export "${__ptyctl_pin#PTYCTL_PINNED_}=${!__ptyctl_pin}"
  unset "$__ptyctl_pin"
done
unset __ptyctl_pin

# The user's prompt commands, kept to be run from ours (bash 5.1 allows PROMPT_COMMAND to be an array).
__ptyctl_user_prompt_commands=("${PROMPT_COMMAND[@]}")
__ptyctl_command_running=0
__ptyctl_earlier_running=0

__ptyctl_status() { return "$1"; }

# Percent-encodes what a file URL cannot hold as is, into __ptyctl_url (a variable, not output: the prompt would
# pay a fork for a command substitution on every command). A path of plain characters, the usual one, is taken whole.
__ptyctl_url_path() {
  local path=$1 out= c i
  if [[ $path != *[!a-zA-Z0-9/._~-]* ]]; then
    __ptyctl_url=$path
    return
  fi
  for ((i = 0; i < ${#path}; i++)); do
    c=${path:i:1}
    case $c in
      [a-zA-Z0-9/._~-]) out+=$c ;;
      *) printf -v c '%%%02X' "'$c"; out+=$c ;;
    esac
  done
  __ptyctl_url=$out
}

# Title text without control characters (a command line may hold any byte).
__ptyctl_title() {
  local text=${1//[$'\001'-$'\037'$'\177']/}
  printf '\e]2;%s\a' "$text"
}

# The command line as OSC 633 E carries it: backslash and ';' escaped, control characters as \xHH.
__ptyctl_escape() {
  local s=${1//\\/\\\\} out= c i
  s=${s//;/\\x3b}
  if [[ $s == *[$'\001'-$'\037'$'\177']* ]]; then
    for ((i = 0; i < ${#s}; i++)); do
      c=${s:i:1}
      case $c in
        [$'\001'-$'\037'$'\177']) printf -v c '\\x%02x' "'$c" ;;
      esac
      out+=$c
    done
    s=$out
  fi
  printf '%s' "$s"
}

# Runs after a command line has been read, from PS0 (in a subshell): reports the command line (OSC 633 E), marks
# the start of its output (OSC 133 C) and makes it the title. Several lines of one input (a paste) run one after
# another without a prompt between them, each after its own PS0: the one before has ended then, and its D (with $?,
# still its status here) comes first, so every command of the input gets its exit code. The line comes from the
# history: PS0 notes (in this shell) whether HISTCMD moved since the prompt or the line before, that is whether this
# line was kept; when the history did not keep it (HISTCONTROL=ignorespace, ignoredups, set +o history) the line stays
# unreported rather than being mistaken for the one before. A kept line's number is HISTCMD - 1 here.
__ptyctl_preexec() {
  local status=$? line number
  if ((__ptyctl_earlier_running)); then
    printf '\e]133;D;%s\a' "$status"
  fi
  line=$(HISTTIMEFORMAT= builtin history 1 2>/dev/null)
  line=${line#"${line%%[![:space:]]*}"}
  number=${line%%[!0-9]*}
  if ((__ptyctl_line_kept)) && [[ -n $number && $number == $((__ptyctl_histcmd - 1)) ]]; then
    line=${line#"$number"}
    line=${line#  }
    # printed in pieces rather than through "$(...)": each command substitution is a fork, paid on every command
    printf '\e]633;E;'
    __ptyctl_escape "$line"
    printf '\a'
  else
    line=
  fi
  printf '\e]133;C\a'
  __ptyctl_title "${line:-bash}"
}

__ptyctl_precmd() {
  local status=$? command
  if ((__ptyctl_command_running)); then
    printf '\e]133;D;%s\a' "$status"
    __ptyctl_command_running=0
  fi
  for command in "${__ptyctl_user_prompt_commands[@]}"; do
    __ptyctl_status "$status"
    eval "$command"
  done
  # User code may rebuild PS1 on every prompt (themes do): mark it again whenever the mark is gone. Only B lives
  # in PS1: readline redraws PS1 (after a paste, a resize, Ctrl-L), and a redraw is not a new prompt. A is printed
  # below, once per prompt.
  if [[ $PS1 != *'\e]133;B\a'* ]]; then
    PS1="$PS1"'\[\e]133;B\a\]'
  fi
  # PS2 (the line so far is incomplete: an open quote, a trailing backslash) carries OSC 633 F, so a client that
  # typed the line learns that the shell waits for more instead of running it.
  if [[ ${PS2-} != *'\e]633;F\a'* ]]; then
    PS2='\[\e]633;F\a\]'"${PS2-> }"
  fi
  # What this shell exports, the programs it starts get: a PS1 or PS2 with our marks would make a nested shell print
  # marks of its own (a `ptyctl run` would take its prompts for this one's), and a PROMPT_COMMAND or PS0 names our
  # functions, which a nested bash does not have ("command not found" at each prompt). They stay this shell's own
  # when the user's environment exported them.
  export -n PROMPT_COMMAND PS0 PS1 PS2
  __ptyctl_url_path "$PWD"
  printf '\e]7;file://%s%s\a' "${HOSTNAME:-localhost}" "$__ptyctl_url"
  __ptyctl_title "bash ${PWD/#$HOME/\~}"
  __ptyctl_histcmd=$HISTCMD
  printf '\e]133;A\a'
  __ptyctl_status "$status"
}

PROMPT_COMMAND=__ptyctl_precmd
# PS0 is shown after a command line is read and before it runs. The arithmetic inside an empty substring sets the
# flag in this shell (not a subshell), so the next prompt knows a command ran and owes its OSC 133 D; it keeps the
# flag's earlier value too, for the preexec's D of an earlier command of the same input, and notes whether the
# history kept this line (HISTCMD moved), for the preexec's E of each line of the input.
# (No \[ \] here: PS0 is not shown through readline, which is what strips them.)
__ptyctl_none=   # must be set: bash skips the offset arithmetic of an unset variable
__ptyctl_histcmd=$HISTCMD
PS0='${__ptyctl_none:0:$((__ptyctl_earlier_running=__ptyctl_command_running,__ptyctl_command_running=1,__ptyctl_line_kept=(HISTCMD!=__ptyctl_histcmd),__ptyctl_histcmd=HISTCMD,0))}$(__ptyctl_preexec)'"${PS0-}"
fi

if [[ $(trap -p INT) == "trap -- ':' SIGINT" ]]; then
  trap - INT
fi
