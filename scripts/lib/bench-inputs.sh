# Shared by the scripts that count whole terse runs by profile
# (bench-instr.sh, bench-faults.sh): sourced, not run.

# bench_setup REPO WORK: makes WORK, builds REPO's terse into it, and the
# revision $OLD names beside it when set; sets bin and old (empty without
# OLD) to their paths.
bench_setup() {
  mkdir -p "$2"
  build_terse "$1" "$2" "${OLD:-}"
  bin=$2/terse
  old=""
  [[ -z ${OLD:-} ]] || old=$2/terse-old
}

# build_terse REPO WORK OLD: builds REPO's terse into WORK/terse and, when
# OLD names a revision, that revision's into WORK/terse-old.
build_terse() {
  local repo=$1 work=$2 old=$3
  (cd "$repo" && go build -o "$work/terse" .)
  if [[ -n $old ]]; then
    rm -rf "$work/old-src" && mkdir -p "$work/old-src"
    (cd "$repo" && git archive "$old" | tar -x -C "$work/old-src")
    (cd "$work/old-src" && go build -o "$work/terse-old" .)
  fi
}

# profile_input DIR WORK SIZE: the path of the input of the profile whose
# captures are in DIR (its text captures repeated, as scripts/bench.sh
# builds its inputs, then cut to SIZE bytes), built in WORK unless it is
# there already; nothing when the profile has no text capture.
profile_input() {
  local dir=$1 work=$2 size=$3 prof in
  prof=$(basename "$(dirname "$dir")")
  local caps
  mapfile -t caps < <(ls "$dir"/*.txt "$dir"/*.log 2>/dev/null || true)
  [[ ${#caps[@]} -gt 0 ]] || return 0
  in=$work/$prof-$((size / 1000))kb.txt
  if [[ ! -s $in || $(stat -c %s "$in") -ne $size ]]; then
    : >"$in.all"
    while [[ $(stat -c %s "$in.all") -lt $size ]]; do cat "${caps[@]}" "${caps[@]}" "${caps[@]}" "${caps[@]}" >>"$in.all"; done
    head -c "$size" "$in.all" >"$in"
    rm -f "$in.all"
  fi
  echo "$in"
}
