#!/usr/bin/env bash
# A deploy CLI with prompts, for the DSL's user-level tests (DeployCliE2eTest): asks for the environment (anything
# but staging or production is refused in red and asked again), asks for a confirmation before production, shows
# its progress on one line redrawn with CR, and ends with a bold green "deployed" (exit 0) or "cancelled" (exit 1).
version=${1:?usage: deploy.sh VERSION}
while true; do
  read -rp "Environment (staging/production): " env
  case $env in
    staging|production) break ;;
    *) printf '\e[31munknown environment: %s\e[0m\n' "$env" ;;
  esac
done
if [ "$env" = production ]; then
  read -rp "Deploy $version to PRODUCTION? [y/N] " yes
  [[ $yes == [yY] ]] || { echo "cancelled"; exit 1; }
fi
for percent in 25 50 75 100; do
  printf '\rUploading %s... %3d%%' "$version" "$percent"
  sleep 0.05
done
printf '\n\e[1;32mdeployed\e[0m %s to %s\n' "$version" "$env"
