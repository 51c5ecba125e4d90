# ptyctl shell integration for zsh (docs/shell-integration.md), written for this project.
# zsh was started with ZDOTDIR pointing here. Put ZDOTDIR back to what the user had, add ptyctl's hooks for an
# interactive shell, and load the user's own .zshenv as zsh would have; zsh then reads the user's .zprofile, .zshrc and
# .zlogin from the restored ZDOTDIR by itself. The hooks come before the user's .zshenv: a Ctrl-C while a start-up file
# runs makes zsh abandon that file and every start-up file after it (zsh does that without ptyctl too), which would
# otherwise leave the shell without marks for good.
__ptyctl_integration_dir=${ZDOTDIR}
if [[ -n ${PTYCTL_USER_ZDOTDIR-} ]]; then
  ZDOTDIR=$PTYCTL_USER_ZDOTDIR
else
  unset ZDOTDIR
fi
unset PTYCTL_USER_ZDOTDIR
[[ -o interactive ]] && source $__ptyctl_integration_dir/ptyctl.zsh
unset __ptyctl_integration_dir
[[ -r ${ZDOTDIR:-$HOME}/.zshenv ]] && source ${ZDOTDIR:-$HOME}/.zshenv
