/** The deployment files (deploy/kubernetes, deploy/docker), checked offline. */
package dev.ptyctl.e2e.deploy;
