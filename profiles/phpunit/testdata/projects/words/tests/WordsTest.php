<?php declare(strict_types=1);
use PHPUnit\Framework\TestCase;

// terse's fixture: a failure among a skipped, an incomplete and a risky
// test, run with --verbose (profiles/phpunit/capture.sh).
final class WordsTest extends TestCase
{
    public function testCounts(): void
    {
        $this->assertSame(3, str_word_count('two words'));
    }

    public function testUnicode(): void
    {
        if (!function_exists('mb_str_word_count')) {
            $this->markTestSkipped('mb_str_word_count is not in PHP');
        }
    }

    public function testHyphens(): void
    {
        $this->markTestIncomplete('hyphenated words are not decided yet');
    }

    public function testNothing(): void
    {
    }

    public function testSplits(): void
    {
        $this->assertSame(['a', 'b'], explode(' ', 'a  b'));
    }
}
