package generic

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkProgressScans fails t where a scan of progress.go disagrees with
// the regexp it replaced (oracle_internal_test.go) on s.
func checkProgressScans(t *testing.T, s string) {
	t.Helper()
	if got, want := progressBar(s), oldProgressBarRe.MatchString(s); got != want {
		t.Errorf("progressBar(%q) = %v, the regexp %v", s, got, want)
	}
	if got, want := curlMeter(s), oldCurlMeterRe.MatchString(s); got != want {
		t.Errorf("curlMeter(%q) = %v, the regexp %v", s, got, want)
	}
}

// progressSeeds are the edge cases of the progress regexps.
var progressSeeds = []string{
	"45%[=====>   ]", "45% [====", "[====] 45%", "[====]45 %", "[====]45  %", "====\n45%", "45%\n====", "45\n%====",
	"====45\n%", "===5%", "5%===", "5%====", "━━ 45%", "45% ━", "45% ━━", "45%|████▌ |", "█\n█5%", "5%█\x80█",
	"\xe2\x96\x88\xe2\x96\x88 9%", "\xe2\xe2\x96\x88\xe2\x96\x88 9%", "% ====", "a% ====", "==== a%", "1.5% ---- x",
	"[ 45%] Building C object", "100%[===================>]  38.15M  15.0MB/s    in 2.5s",
	"  % Total    % Received % Xferd", "% Total% Received", "%  Total    % Received", "Dload  Upload", "DloadUpload",
	"Dload\n\tUpload", "  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0",
	"100 38.1M  100 38.1M    0     0  15.0M      0  0:00:02  0:00:02 --:--:-- 15.0M",
	"100 38.1M  100 38.1M    0     0  15.0M      0  0:00:02  0:00:02 --:--:-- 15.0M ",
	"100 38.1M  100 38.1M    0     0  15.0M      0  0:00:02  0:00:02 --:--:--",
	"100 38.1k  100 k    0     0  15.0M      0  0:00:02  0:00:02 --:--:-- 15.0G",
	"100 38.1MM  100 38.1M    0     0  15.0M      0  0:00:02  0:00:02 --:--:-- 15.0M",
	"\n100 .  100 .\n0 0 . . - - - .", "1 2 3 4 5 6 7 8 9 10 11 12 13",
}

// TestProgressScansMatchRegexps checks both scans against their regexps on
// the seeds and every line of every capture, as read and as isProgressLine
// trims it.
func TestProgressScansMatchRegexps(t *testing.T) {
	for _, s := range progressSeeds {
		checkProgressScans(t, s)
	}
	files, err := filepath.Glob("../../../profiles/*/testdata/captures/*.txt")
	if err != nil || len(files) < 50 {
		t.Fatalf("captures: %d files, %v", len(files), err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			checkProgressScans(t, sc.Text())
			for _, part := range strings.Split(sc.Text(), "\r") {
				checkProgressScans(t, strings.TrimSpace(part))
			}
		}
	}
}

// FuzzProgressScans checks both scans against their regexps on any input:
//
//	go test ./internal/parse/generic -run '^$' -fuzz FuzzProgressScans -fuzztime 3m
func FuzzProgressScans(f *testing.F) {
	for _, s := range progressSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkProgressScans(t, s) })
}
