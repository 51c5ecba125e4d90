# ptyctl shell integration for fish (docs/shell-integration.md), written for this project. Loaded from XDG_DATA_DIRS as a vendor
# configuration snippet, so the user's config.fish and conf.d stay untouched and load as usual. Adds OSC 133 prompt
# marks (A prompt, B command line, C output, D;<exit code>), OSC 633 E with the command line, OSC 633 F when Enter
# leaves an incomplete line in the editor, and OSC 7; fish's own fish_title already sets the title to the running
# command and to the directory at the prompt.
#
# A Ctrl-C while fish reads its configuration cancels the configuration snippets still to come, this one included when
# a snippet of the user's (~/.config/fish/conf.d, read first) was running; config.fish is still read. So the server
# also sources this file with --init-command, after the configuration: a second load does nothing, and
# __ptyctl_loaded is set only at the end, so a load cut short by a Ctrl-C is done again in full.
#
# XDG_DATA_DIRS brought this file in, and every program started from this shell inherits it: a fish typed at the
# prompt would load the integration too, print marks of its own, and a `ptyctl run` waiting in the outer shell would
# take the inner prompt for its command's end. So the first thing done, on either load, is to take our entry out again:
# fish has read its data directories already. The user's conf.d snippets ran before this one and may have changed the
# value (a package manager's snippet adding its share directory in front or behind): what they made is kept, less our
# entry. Unchanged, it is put back exactly as the user had it (PTYCTL_USER_XDG_DATA_DIRS, absent when they had none,
# in which case the server gave fish its default after our entry).
set -l __ptyctl_entry (string replace -r '/fish/vendor_conf\.d/[^/]*$' '' -- (status filename))
set -l __ptyctl_dirs (string split : -- "$XDG_DATA_DIRS")
set -l __ptyctl_at (contains -i -- $__ptyctl_entry $__ptyctl_dirs)
if test -n "$__ptyctl_at"
    set -e __ptyctl_dirs[$__ptyctl_at]
    set -l __ptyctl_given /usr/local/share:/usr/share
    test -n "$PTYCTL_USER_XDG_DATA_DIRS"; and set __ptyctl_given "$PTYCTL_USER_XDG_DATA_DIRS"
    set -l __ptyctl_left (string join : -- $__ptyctl_dirs)
    if test "$__ptyctl_left" != "$__ptyctl_given"
        set -gx XDG_DATA_DIRS "$__ptyctl_left"
    else if set -q PTYCTL_USER_XDG_DATA_DIRS
        set -gx XDG_DATA_DIRS "$PTYCTL_USER_XDG_DATA_DIRS"
    else
        set -e XDG_DATA_DIRS
    end
end
set -e PTYCTL_USER_XDG_DATA_DIRS
status is-interactive; or exit
set -q __ptyctl_loaded; and exit

# The command line as OSC 633 E carries it: backslash and ';' escaped, tab, CR, ESC and newline as \xHH; other
# control characters (which no one types) dropped.
function __ptyctl_escape
    set -l lines (string replace -a '\\' '\\\\' -- $argv[1] | string replace -a ';' '\\x3b' \
        | string replace -a \t '\\x09' | string replace -a \r '\\x0d' | string replace -a \e '\\x1b' \
        | string replace -ra '[\x00-\x1f\x7f]' '')
    printf '%s' (string join '\\x0a' -- $lines)
end

function __ptyctl_preexec --on-event fish_preexec
    set -e __ptyctl_refused
    printf '\e]633;E;%s\a\e]133;C\a' (__ptyctl_escape $argv[1])
end

function __ptyctl_postexec --on-event fish_postexec
    printf '\e]133;D;%s\a' $status
end

# Runs before every prompt. The user's config.fish is read after this file and may define its own fish_prompt,
# so the wrapping is (re)done here, at the last moment, whenever fish_prompt is not the wrapper.
function __ptyctl_prompt --on-event fish_prompt
    # Variables the server pins, given as PTYCTL_PINNED_NAME=value (terminal_run's shell: PAGER=cat and the like),
    # win over what the configuration set (a config.fish exporting PAGER=less): exported at the first prompt, when it
    # has all run, rather than typed as the shell's first command, which showed on the screen. Not passed on to the
    # programs this shell starts.
    if not set -q __ptyctl_pinned
        set -g __ptyctl_pinned
        for __ptyctl_pin in (set -xn | string match 'PTYCTL_PINNED_*')
            set -gx (string replace PTYCTL_PINNED_ '' -- $__ptyctl_pin) $$__ptyctl_pin
            set -e $__ptyctl_pin
        end
    end
    printf '\e]7;file://%s%s\a' $hostname (string escape --style=url -- $PWD)
    if not functions -q __ptyctl_wrapped_prompt; or not string match -q '*__ptyctl_user_prompt*' -- (functions fish_prompt)
        functions -e __ptyctl_user_prompt
        functions -c fish_prompt __ptyctl_user_prompt
        # Only B comes from the prompt function: fish calls it again on every repaint, and a repaint is not a
        # new prompt. A is printed below, once per prompt.
        function fish_prompt
            __ptyctl_user_prompt
            printf '\e]133;B\a'
            __ptyctl_refused_prompt
        end
        function __ptyctl_wrapped_prompt
        end
    end
    set -e __ptyctl_refused
    printf '\e]133;A\a'
end

# fish has no continuation prompt: Enter on an incomplete line (an open quote, an unfinished block) inserts a line
# break and keeps editing. OSC 633 F says so, as bash's and zsh's PS2 do, so a client waiting for the command to end
# learns at once that the shell waits for more. Bound as the user's binding of Enter in the emacs and vi modes (a
# preset-only rebinding, such as fish_vi_key_bindings, leaves it in place), unless the user bound Enter themselves.
function __ptyctl_execute
    if not commandline --paging-mode
        commandline --is-valid
        switch $status
            case 1
                set -g __ptyctl_refused 1
            case 2
                printf '\e]633;F\a'
        end
    end
    commandline -f execute
end

# A line fish refuses to parse (`echo 'x' )`) is not run: fish prints the error and draws the prompt again with the
# line still in the editor, but fires no fish_prompt event, so the A above never comes. The Enter binding notes the
# refusal; the prompt function, which fish runs for that redraw, then writes A straight to the terminal (stderr: its
# standard output is the prompt text, which fish keeps and draws again on later redraws, e.g. after Ctrl-C) once the
# user's prompt is done, and the redraw that follows brings the B. A client sending Ctrl-C on seeing the prompt must
# not send it while fish still runs prompt code: fish takes that SIGINT as cancelling the prompt code, not the line.
# (An A printed from the binding came before all of that; one in the prompt text came again, too early, at the next
# refused line's first redraw, which fish makes from the kept text before it runs the prompt.)
function __ptyctl_refused_prompt
    if set -q __ptyctl_refused
        set -e __ptyctl_refused
        printf '\e]133;A\a' >&2
    end
end
for __ptyctl_mode in default insert
    if not bind --user -M $__ptyctl_mode \r >/dev/null 2>&1
        bind -M $__ptyctl_mode \r __ptyctl_execute
    end
end
set -e __ptyctl_mode

# Ctrl-C clears the command line and fish redraws the prompt without a fish_prompt event: A marks it as a new
# prompt, so an incomplete line cancelled this way ends as bash's and zsh's do.
function __ptyctl_cancel --on-event fish_cancel
    printf '\e]133;A\a'
end

set -g __ptyctl_loaded 1
