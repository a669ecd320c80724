# upstream_tree DEST URL TAG FILES PATCH: DEST gets the files listed in
# FILES (one path a line) of the project at URL, tag TAG, then PATCH (the
# bugs put in) applied. The project's code is not kept in this repository:
# it is fetched here (git clone, into ${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/src),
# or read from a git directory that holds the tag, TERSE_UPSTREAM_GIT_<NAME>
# (NAME: the last part of URL, upper case, - as _), for a machine with no
# network.
upstream_tree() {
  local dest=$1 url=$2 tag=$3 files=$4 patch
  patch="$(cd "$(dirname "$5")" && pwd)/$(basename "$5")"
  local name var gitdir
  name=$(basename "$url" .git)
  var="TERSE_UPSTREAM_GIT_$(echo "$name" | tr 'a-z-' 'A-Z_')"
  gitdir=${!var:-}
  if [ -z "$gitdir" ]; then
    gitdir="${TERSE_CAPTURE_DIR:-/tmp/terse-capture}/src/$name.git"
    if [ ! -d "$gitdir" ]; then
      git clone -q --bare --filter=blob:none --branch "$tag" "$url" "$gitdir"
    fi
  fi
  rm -rf "$dest"
  mkdir -p "$dest"
  while IFS= read -r f; do
    mkdir -p "$dest/$(dirname "$f")"
    git --git-dir="$gitdir" show "$tag:$f" > "$dest/$f"
  done < "$files"
  (cd "$dest" && patch -s -p1 < "$patch")
}
