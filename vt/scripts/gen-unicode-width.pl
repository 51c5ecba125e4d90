#!/usr/bin/perl
# Regenerates the range tables in vt/src/main/java/dev/ptyctl/vt/unicode/UnicodeWidthTables.java
# from the Unicode Character Database that ships with Perl (perl 5.36 carries UCD 14.0).
#
#   perl vt/scripts/gen-unicode-width.pl 12.1 > vt/src/main/java/dev/ptyctl/vt/unicode/UnicodeWidthTables.java
#
# The rule reproduces the cell widths of xterm.js's unicode11 addon, the reference terminal ptyctl
# matches (see docs/emulator.md, "Character widths"):
#   0 for nonspacing marks (Mn), enclosing marks (Me), format characters (Cf) except U+00AD SOFT
#     HYPHEN, Hangul medial vowels and final consonants U+1160..U+11FF, and U+200B;
#   2 for East Asian Wide (W) and Fullwidth (F), plus the unassigned code points of the CJK blocks
#     and planes whose East Asian Width defaults to W;
#   1 for everything else, including every code point not yet assigned in Unicode $AGE.
# Three code points changed properties after Unicode 12.1; OVERRIDES pins them to the 12.1 values.
# C0/C1 controls (below U+00A0) are handled in code, not in the tables.
use strict; use warnings;
my $AGE = shift // '12.1';
my %OVERRIDES = (0x1734 => 0, 0x1F93B => 2, 0x1F946 => 2);
my (@zero, @wide);
sub add { my ($list, $cp) = @_; if (@$list && $list->[-1][1] == $cp - 1) { $list->[-1][1] = $cp } else { push @$list, [$cp, $cp] } }
sub default_wide { my $cp = shift;
  return ($cp >= 0x3400 && $cp <= 0x4DBF) || ($cp >= 0x4E00 && $cp <= 0x9FFF) || ($cp >= 0xF900 && $cp <= 0xFAFF)
      || ($cp >= 0x20000 && $cp <= 0x2FFFD) || ($cp >= 0x30000 && $cp <= 0x3FFFD); }
for my $cp (0xA0 .. 0x10FFFF) {
  next if $cp >= 0xD800 && $cp <= 0xDFFF;
  if (exists $OVERRIDES{$cp}) { add($OVERRIDES{$cp} == 0 ? \@zero : \@wide, $cp) if $OVERRIDES{$cp} != 1; next }
  my $c = chr($cp);
  if ($c !~ /\p{Present_In: $AGE}/) { add(\@wide, $cp) if default_wide($cp); next }
  if ($cp != 0xAD && ($c =~ /[\p{Mn}\p{Me}\p{Cf}]/ || ($cp >= 0x1160 && $cp <= 0x11FF) || $cp == 0x200B)) { add(\@zero, $cp) }
  elsif ($c =~ /[\p{Ea=W}\p{Ea=F}]/) { add(\@wide, $cp) }
}
sub emit { my ($name, $list) = @_;
  print "    /** Inclusive [first, last] pairs, sorted. */\n    static final int[] $name = {\n";
  my @items = map { sprintf("0x%X, 0x%X", @$_) } @$list;
  while (my @row = splice(@items, 0, 4)) { print "        ", join(", ", @row), ",\n" }
  print "    };\n"; }
print <<"JAVA";
package dev.ptyctl.vt.unicode;

/**
 * Generated range tables for {\@link UnicodeWidth}; do not edit by hand.
 * Regenerate with {\@code perl vt/scripts/gen-unicode-width.pl $AGE} (see the script for the rule).
 */
final class UnicodeWidthTables {
    private UnicodeWidthTables() {
    }

JAVA
emit("ZERO_WIDTH", \@zero);
print "\n";
emit("WIDE", \@wide);
print "}\n";
