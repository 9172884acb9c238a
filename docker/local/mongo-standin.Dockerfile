# For tests only: the MongoDB-compatible test server (jongodb, from the npm package
# @jongodb/memory-server-bin-linux-x64-gnu) as an image, where no MongoDB image can be had.
# Users run the official mongo image; this one has no replica set and no persistence.
ARG DEBIAN_IMAGE=local/debian:bookworm
FROM ${DEBIAN_IMAGE}
COPY jongodb /usr/local/bin/jongodb
RUN useradd --system --no-create-home mongo
USER mongo
EXPOSE 27017
CMD ["jongodb", "--host=0.0.0.0", "--port=27017", "--database=adoption"]
