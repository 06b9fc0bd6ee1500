# The copperhead container image every job of the design workflow runs in:
# Debian 12 (bookworm) with Node 20, KiCad 9 from bookworm-backports, git and librsvg, and
# copperhead built, packed and installed on PATH. Every install step is a script that .ci/run
# also runs, so CI proves what this file does without a Docker engine. Published by
# .github/workflows/release.yml as ghcr.io/<owner>/copperhead:<version>; the generated
# workflows pin that tag (docs/actions.md).
FROM node:20-bookworm-slim

ENV DEBIAN_FRONTEND=noninteractive

COPY scripts/install-kicad.sh scripts/install-image-tools.sh scripts/setup-kicad-config.sh /opt/copperhead/scripts/
RUN bash /opt/copperhead/scripts/install-kicad.sh \
 && bash /opt/copperhead/scripts/install-image-tools.sh \
 && rm -rf /var/lib/apt/lists/*

# KiCad's library tables for any HOME (Actions gives a container job /github/home) and any user.
ENV KICAD_CONFIG_HOME=/opt/copperhead/kicad-config
RUN bash /opt/copperhead/scripts/setup-kicad-config.sh /opt/copperhead/kicad-config

COPY . /opt/copperhead/src
RUN bash /opt/copperhead/src/scripts/install-copperhead.sh /usr/local \
 && rm -rf /opt/copperhead/src /root/.npm

# Actions runs container jobs as root by default; nothing here needs it to (every path the
# tools write is the workspace, HOME or TMPDIR), so `--user` works too.
WORKDIR /github/workspace
CMD ["copperhead", "help"]
