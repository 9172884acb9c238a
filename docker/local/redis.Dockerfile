# Stand-in for redis:7-alpine where no registry is reachable: Debian's redis-server and redis-cli.
ARG DEBIAN_IMAGE=local/debian:bookworm
FROM ${DEBIAN_IMAGE}
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server redis-tools \
 && rm -rf /var/lib/apt/lists/*
EXPOSE 6379
USER redis
CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--save", "", "--appendonly", "no"]
