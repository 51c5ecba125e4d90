# ptyctl shell integration for zsh (docs/shell-integration.md), written for this project.
# zsh was started with ZDOTDIR pointing here. Put ZDOTDIR back to what the user had, load the user's own .zshenv as
# zsh would have, and, for an interactive shell, add ptyctl's hooks; zsh then reads the user's .zprofile, .zshrc and
# .zlogin from the restored ZDOTDIR by itself.
__ptyctl_integration_dir=${ZDOTDIR}
if [[ -n ${PTYCTL_USER_ZDOTDIR-} ]]; then
  ZDOTDIR=$PTYCTL_USER_ZDOTDIR
else
  unset ZDOTDIR
fi
unset PTYCTL_USER_ZDOTDIR
[[ -r ${ZDOTDIR:-$HOME}/.zshenv ]] && source ${ZDOTDIR:-$HOME}/.zshenv
[[ -o interactive ]] && source $__ptyctl_integration_dir/ptyctl.zsh
unset __ptyctl_integration_dir
