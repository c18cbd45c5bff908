#!/usr/bin/env bash
# Regenerates the bundled assets of Tarneeb Desktop under assets/:
#
#   assets/cards/classic/      52 faces (AS.png, TD.png, 2C.png, ...) + back-red.png, back-blue.png
#   assets/cards/four-color/   the same 52 faces with green clubs and blue diamonds, + the two backs
#   assets/fonts/              Noto Sans / Noto Sans Arabic / Noto Sans Devanagari (Regular, Bold),
#                              Noto Sans Symbols 2 (for the suit characters ♠♥♦♣) + OFL.txt
#   assets/sounds/             deal.wav, play.wav, trick.wav, hand_end.wav, error.wav
#   assets/icon.png, assets/icon.ico
#   assets/CREDITS.md
#
# The generated files are committed; the game never runs this script.  It is
# idempotent: every run deletes and rewrites exactly the files listed above and
# gives byte-identical output for the same tool versions.  On a fresh Debian
# machine it installs what it needs (apt-get as root; npm only under /tmp).
#
# Usage: tools/make_assets.sh            (from anywhere inside the checkout)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ASSETS="$ROOT/assets"

CARDS_PKG="@heruka_urgyen/react-playing-cards"
CARDS_VER="0.5.0"
CARDS_TGZ_SHA256="0a9e5c386c40af2ae591103589d3a4c340d66a325a64c3f5b1d3f6c0a907b468"
CARD_HEIGHT=500            # px; width follows the 2.5in x 3.5in aspect ratio (358 px)
CLUBS_GREEN="#1a7f37"      # four-colour deck
DIAMONDS_BLUE="#1f5fbf"
BACK_RED="#b3202a"         # card backs
BACK_BLUE="#1f4fa8"
RANKS="2 3 4 5 6 7 8 9 T J Q K A"
SUITS="C D H S"
NOTO_DIR="/usr/share/fonts/truetype/noto"
FONTS="NotoSans-Regular NotoSans-Bold NotoSansArabic-Regular NotoSansArabic-Bold NotoSansDevanagari-Regular NotoSansDevanagari-Bold NotoSansSymbols2-Regular"

log() { printf '[make_assets] %s\n' "$*" >&2; }
die() { printf '[make_assets] ERROR: %s\n' "$*" >&2; exit 1; }

# --------------------------------------------------------------------------- tools
ensure_tools() {
    local missing=()
    command -v rsvg-convert >/dev/null 2>&1 || missing+=(librsvg2-bin)
    command -v sox >/dev/null 2>&1 || missing+=(sox)
    command -v optipng >/dev/null 2>&1 || missing+=(optipng)
    [ -x /usr/bin/convert ] || missing+=(imagemagick)
    command -v npm >/dev/null 2>&1 || missing+=(npm)
    command -v dpkg-query >/dev/null 2>&1 || die "this script needs a Debian-like system (dpkg-query)"
    local f
    for f in $FONTS; do
        [ -f "$NOTO_DIR/$f.ttf" ] || { missing+=(fonts-noto-core); break; }
    done
    if [ ${#missing[@]} -gt 0 ]; then
        log "installing: ${missing[*]}"
        [ "$(id -u)" = 0 ] || die "missing ${missing[*]}; run as root or apt-get install them"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
}

deb_version() { dpkg-query -W -f='${Version}' "$1"; }

ensure_tools
# Call ImageMagick by its Debian path (some machines put a wrapper called convert first on PATH).
CONVERT=/usr/bin/convert

WORK=$(mktemp -d /tmp/make_assets.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

# PNG written by rsvg-convert, then losslessly recompressed with all metadata chunks stripped.
render_png() {  # svg out.png height
    rsvg-convert --format=png --height="$3" --output="$2" "$1"
}
optimise_pngs() {  # files...
    optipng -quiet -o2 -strip all "$@"
}

# --------------------------------------------------------------------------- cards
make_cards() {
    log "fetching $CARDS_PKG@$CARDS_VER from the npm registry (into $WORK)"
    mkdir -p "$WORK/npm"
    (cd "$WORK/npm" && npm pack --silent --pack-destination "$WORK/npm" "$CARDS_PKG@$CARDS_VER" >/dev/null)
    local tgz sum
    tgz=$(echo "$WORK"/npm/*.tgz)
    sum=$(sha256sum "$tgz" | cut -d' ' -f1)
    [ "$sum" = "$CARDS_TGZ_SHA256" ] || die "$CARDS_PKG $CARDS_VER tarball has sha256 $sum, expected $CARDS_TGZ_SHA256"
    tar -xzf "$tgz" -C "$WORK/npm"
    local src="$WORK/npm/package/src/images"
    if [ ! -f "$src/2color/AS.svg" ] || [ ! -f "$src/4color/AS.svg" ] || [ ! -f "$src/back.svg" ]; then
        die "unexpected layout of $CARDS_PKG $CARDS_VER"
    fi

    local classic="$ASSETS/cards/classic" four="$ASSETS/cards/four-color"
    rm -rf "$classic" "$four"
    mkdir -p "$classic" "$four" "$WORK/svg/four-color" "$WORK/svg/backs"

    local r s c f
    for s in $SUITS; do
        for r in $RANKS; do
            c="$r$s"
            # Classic: Adrian Kennard's two-colour standard faces, as they are.
            render_png "$src/2color/$c.svg" "$classic/$c.png" "$CARD_HEIGHT"

            # Four-colour: the package's 4color faces are the 2color ones with only the
            # suit pips and indices of clubs drawn "green" and of diamonds "blue" (court
            # art uses the distinct colours #44F, #FC4, red and black).  Check that, then
            # put our softer green and blue in.
            f="$src/4color/$c.svg"
            diff -q <(sed -e 's/"green"/"black"/g' -e 's/"blue"/"red"/g' "$f") "$src/2color/$c.svg" >/dev/null \
                || die "$c: 4color face differs from 2color face by more than pip colours"
            sed -e "s/\"green\"/\"$CLUBS_GREEN\"/g" -e "s/\"blue\"/\"$DIAMONDS_BLUE\"/g" "$f" \
                > "$WORK/svg/four-color/$c.svg"
            if grep -qE '"(green|blue)"' "$WORK/svg/four-color/$c.svg"; then
                die "$c: colour left unrecoloured"
            fi
            case "$s" in
                C) grep -q "$CLUBS_GREEN" "$WORK/svg/four-color/$c.svg" || die "$c: clubs not green" ;;
                D) grep -q "$DIAMONDS_BLUE" "$WORK/svg/four-color/$c.svg" || die "$c: diamonds not blue" ;;
            esac
            render_png "$WORK/svg/four-color/$c.svg" "$four/$c.png" "$CARD_HEIGHT"
        done
    done

    # Backs: the package has one back (black lozenge lattice inside a white border);
    # recolour its lattice red and blue.  It is the only fill="black" in that file.
    [ "$(grep -o 'fill="black"' "$src/back.svg" | wc -l)" = 1 ] || die "unexpected back.svg"
    local colour name
    for name in red blue; do
        if [ "$name" = red ]; then colour=$BACK_RED; else colour=$BACK_BLUE; fi
        sed -e "s/fill=\"black\"/fill=\"$colour\"/" "$src/back.svg" > "$WORK/svg/backs/back-$name.svg"
        render_png "$WORK/svg/backs/back-$name.svg" "$classic/back-$name.png" "$CARD_HEIGHT"
        cp "$classic/back-$name.png" "$four/back-$name.png"
    done

    log "optimising card PNGs (lossless)"
    optimise_pngs "$classic"/*.png "$four"/*.png
}

# --------------------------------------------------------------------------- fonts
make_fonts() {
    local dir="$ASSETS/fonts" f
    rm -rf "$dir"
    mkdir -p "$dir"
    for f in $FONTS; do
        install -m 0644 "$NOTO_DIR/$f.ttf" "$dir/$f.ttf"
    done
    cat > "$dir/OFL.txt" <<'EOF'
Copyright 2010-2020 Google Inc. and Google LLC (The Noto Project Authors,
https://github.com/notofonts), for Noto Sans, Noto Sans Arabic,
Noto Sans Devanagari and Noto Sans Symbols 2. The font files are
unmodified copies from Debian's fonts-noto-core package.

This Font Software is licensed under the SIL Open Font License, Version 1.1.
This license is copied below, and is also available with a FAQ at:
https://openfontlicense.org


-----------------------------------------------------------
SIL OPEN FONT LICENSE Version 1.1 - 26 February 2007
-----------------------------------------------------------

PREAMBLE
The goals of the Open Font License (OFL) are to stimulate worldwide
development of collaborative font projects, to support the font creation
efforts of academic and linguistic communities, and to provide a free and
open framework in which fonts may be shared and improved in partnership
with others.

The OFL allows the licensed fonts to be used, studied, modified and
redistributed freely as long as they are not sold by themselves. The
fonts, including any derivative works, can be bundled, embedded,
redistributed and/or sold with any software provided that any reserved
names are not used by derivative works. The fonts and derivatives,
however, cannot be released under any other type of license. The
requirement for fonts to remain under this license does not apply
to any document created using the fonts or their derivatives.

DEFINITIONS
"Font Software" refers to the set of files released by the Copyright
Holder(s) under this license and clearly marked as such. This may
include source files, build scripts and documentation.

"Reserved Font Name" refers to any names specified as such after the
copyright statement(s).

"Original Version" refers to the collection of Font Software components as
distributed by the Copyright Holder(s).

"Modified Version" refers to any derivative made by adding to, deleting,
or substituting -- in part or in whole -- any of the components of the
Original Version, by changing formats or by porting the Font Software to a
new environment.

"Author" refers to any designer, engineer, programmer, technical
writer or other person who contributed to the Font Software.

PERMISSION & CONDITIONS
Permission is hereby granted, free of charge, to any person obtaining
a copy of the Font Software, to use, study, copy, merge, embed, modify,
redistribute, and sell modified and unmodified copies of the Font
Software, subject to the following conditions:

1) Neither the Font Software nor any of its individual components,
in Original or Modified Versions, may be sold by itself.

2) Original or Modified Versions of the Font Software may be bundled,
redistributed and/or sold with any software, provided that each copy
contains the above copyright notice and this license. These can be
included either as stand-alone text files, human-readable headers or
in the appropriate machine-readable metadata fields within text or
binary files as long as those fields can be easily viewed by the user.

3) No Modified Version of the Font Software may use the Reserved Font
Name(s) unless explicit written permission is granted by the corresponding
Copyright Holder. This restriction only applies to the primary font name as
presented to the users.

4) The name(s) of the Copyright Holder(s) and the Author(s) of the Font
Software shall not be used to promote, endorse or advertise any
Modified Version, except to acknowledge the contribution(s) of the
Copyright Holder(s) and the Author(s) or with their explicit written
permission.

5) The Font Software, modified or unmodified, in part or in whole,
must be distributed entirely under this license, and must not be
distributed under any other license. The requirement for fonts to
remain under this license does not apply to any document created
using the Font Software.

TERMINATION
This license becomes null and void if any of the above conditions are
not met.

DISCLAIMER
THE FONT SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO ANY WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT
OF COPYRIGHT, PATENT, TRADEMARK, OR OTHER RIGHT. IN NO EVENT SHALL THE
COPYRIGHT HOLDER BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY,
INCLUDING ANY GENERAL, SPECIAL, INDIRECT, INCIDENTAL, OR CONSEQUENTIAL
DAMAGES, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
FROM, OUT OF THE USE OR INABILITY TO USE THE FONT SOFTWARE OR FROM
OTHER DEALINGS IN THE FONT SOFTWARE.
EOF
}

# --------------------------------------------------------------------------- sounds
# All sounds: mono, 44100 Hz, 16-bit PCM WAV.  -R: repeatable noise, -D: no dither,
# so that every run writes the same bytes.
SOX=(sox -R -D -V1)
OUTFMT=(-r 44100 -c 1 -b 16 -e signed-integer)

make_sounds() {
    local dir="$ASSETS/sounds" t="$WORK/snd"
    rm -rf "$dir"
    mkdir -p "$dir" "$t"

    # deal: a soft flick, 60 ms of band-limited noise with a fast attack and quick decay.
    "${SOX[@]}" -n "${OUTFMT[@]}" "$dir/deal.wav" \
        synth 0.06 pinknoise highpass 900 lowpass 5500 \
        fade h 0.004 0.06 0.055 fade t 0 0.06 0.059 gain -n -9

    # play: a card snap, 90 ms: a bright click over a short falling thump.
    "${SOX[@]}" -n "${OUTFMT[@]}" "$t/snap.wav" \
        synth 0.025 whitenoise highpass 1800 lowpass 9000 fade l 0.0005 0.025 0.024 pad 0 0.065
    "${SOX[@]}" -n "${OUTFMT[@]}" "$t/thump.wav" \
        synth 0.09 sine 220-90 lowpass 800 fade t 0.002 0.09 0.087 fade t 0 0.09 0.089 vol 0.7
    "${SOX[@]}" -m "$t/snap.wav" "$t/thump.wav" "${OUTFMT[@]}" "$dir/play.wav" \
        trim 0 0.09 gain -n -6

    # trick: gathering swish, 250 ms: band-passed noise swelling and fading, with a
    # band that moves up (two overlapping noise bands) for a sense of motion.
    "${SOX[@]}" -n "${OUTFMT[@]}" "$t/sw1.wav" \
        synth 0.16 pinknoise band 1400 900 fade h 0.06 0.16 0.095 pad 0 0.09
    "${SOX[@]}" -n "${OUTFMT[@]}" "$t/sw2.wav" \
        synth 0.17 pinknoise band 3200 1800 fade h 0.07 0.17 0.095 pad 0.08 0
    "${SOX[@]}" -m "$t/sw1.wav" "$t/sw2.wav" "${OUTFMT[@]}" "$dir/trick.wav" \
        trim 0 0.25 gain -n -10

    # hand_end: gentle two-note chime, 600 ms: E5 then A5, sine plus a soft octave
    # partial, bell-like decay.
    "${SOX[@]}" -n "${OUTFMT[@]}" "$t/n1.wav" \
        synth 0.6 sine 659.26 sine mix 1318.51 fade h 0.004 0.6 0.59 fade t 0 0.6 0.599 vol 0.5
    "${SOX[@]}" -n "${OUTFMT[@]}" "$t/n2.wav" \
        synth 0.42 sine 880 sine mix 1760 fade h 0.004 0.42 0.41 fade t 0 0.42 0.419 vol 0.5 pad 0.18 0
    "${SOX[@]}" -m "$t/n1.wav" "$t/n2.wav" "${OUTFMT[@]}" "$dir/hand_end.wav" \
        lowpass 4000 trim 0 0.6 gain -n -6

    # error: a short low blip, 120 ms: a soft square wave sliding down, low-passed.
    "${SOX[@]}" -n "${OUTFMT[@]}" "$dir/error.wav" \
        synth 0.12 square 196-147 lowpass 700 lowpass 1200 \
        fade h 0.006 0.12 0.09 gain -n -11
}

# --------------------------------------------------------------------------- icon
# Spade and "A" outlines: Adrian Kennard's CC0 card symbols (the SSA/VSA symbols of AS.svg).
make_icon() {
    local svg="$WORK/icon.svg" size
    cat > "$svg" <<'EOF'
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="256" height="256" viewBox="0 0 256 256">
  <defs>
    <radialGradient id="felt" cx="50%" cy="40%" r="75%">
      <stop offset="0" stop-color="#2f9d5c"/>
      <stop offset="1" stop-color="#0e4a2b"/>
    </radialGradient>
    <pattern id="lattice" width="7" height="7" patternUnits="userSpaceOnUse">
      <path d="M3.5 0L7 3.5L3.5 7L0 3.5Z" fill="#b3202a"/>
    </pattern>
    <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%">
      <feGaussianBlur in="SourceAlpha" stdDeviation="4"/>
      <feOffset dx="2" dy="4" result="blur"/>
      <feComponentTransfer><feFuncA type="linear" slope="0.45"/></feComponentTransfer>
      <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
    </filter>
    <path id="spade" d="M0 -500C100 -250 355 -100 355 185A150 150 0 0 1 55 185A10 10 0 0 0 35 185C35 385 85 400 130 500L-130 500C-85 400 -35 385 -35 185A10 10 0 0 0 -55 185A150 150 0 0 1 -355 185C-355 -100 -100 -250 0 -500Z"/>
    <path id="ace" d="M-270 460L-110 460M-200 450L0 -460L200 450M110 460L270 460M-120 130L120 130" stroke-width="80" stroke-linecap="square" stroke-miterlimit="1.5" fill="none"/>
  </defs>
  <rect x="8" y="8" width="240" height="240" rx="48" ry="48" fill="url(#felt)"/>
  <rect x="15" y="15" width="226" height="226" rx="41" ry="41" fill="none" stroke="#e3c15b" stroke-opacity="0.6" stroke-width="3"/>
  <g filter="url(#shadow)">
    <g transform="translate(100 134) rotate(-15)">
      <rect x="-58" y="-82" width="116" height="164" rx="11" ry="11" fill="#ffffff" stroke="#2b2b2b" stroke-width="2"/>
      <rect x="-49" y="-73" width="98" height="146" rx="7" ry="7" fill="#e7a9ad"/>
      <rect x="-49" y="-73" width="98" height="146" rx="7" ry="7" fill="url(#lattice)"/>
    </g>
    <g transform="translate(152 124) rotate(11)">
      <rect x="-58" y="-82" width="116" height="164" rx="11" ry="11" fill="#ffffff" stroke="#2b2b2b" stroke-width="2"/>
      <use xlink:href="#spade" transform="translate(0 4) scale(0.078)" fill="#111111"/>
      <use xlink:href="#ace" transform="translate(-43 -62) scale(0.026)" stroke="#111111"/>
      <use xlink:href="#spade" transform="translate(-43 -40) scale(0.017)" fill="#111111"/>
      <g transform="rotate(180)">
        <use xlink:href="#ace" transform="translate(-43 -62) scale(0.026)" stroke="#111111"/>
        <use xlink:href="#spade" transform="translate(-43 -40) scale(0.017)" fill="#111111"/>
      </g>
    </g>
  </g>
</svg>
EOF
    rm -f "$ASSETS/icon.png" "$ASSETS/icon.ico"
    mkdir -p "$WORK/icon"
    render_png "$svg" "$ASSETS/icon.png" 256
    # Each .ico size is rendered from the SVG at that size (sharper than downscaling).
    local pngs=()
    for size in 16 24 32 48 64 128 256; do
        render_png "$svg" "$WORK/icon/$size.png" "$size"
        pngs+=("$WORK/icon/$size.png")
    done
    optimise_pngs "$ASSETS/icon.png"
    "$CONVERT" "${pngs[@]}" "$ASSETS/icon.ico"
}

# --------------------------------------------------------------------------- credits
make_credits() {
    local fonts_ver rsvg_ver sox_ver
    fonts_ver=$(deb_version fonts-noto-core)
    rsvg_ver=$(deb_version librsvg2-bin)
    sox_ver=$(deb_version sox)
    cat > "$ASSETS/CREDITS.md" <<EOF
# Asset credits

Everything under \`assets/\` is generated by \`tools/make_assets.sh\` (do not edit by
hand; rerun the script). This file is written by that script too.

## Playing cards — \`cards/classic/\`, \`cards/four-color/\`

| files | what | source | author | licence |
| --- | --- | --- | --- | --- |
| \`cards/classic/*.png\` except the backs (\`AS.png\`, \`TD.png\`, \`2C.png\`, …: rank \`23456789TJQKA\` + suit \`CDHS\`) | the 52 faces, standard two-colour | SVG files \`src/images/2color/*.svg\` of the npm package \`$CARDS_PKG\` $CARDS_VER, rendered to PNG (${CARD_HEIGHT} px high, 358×500, transparent rounded corners) with \`rsvg-convert\` (Debian librsvg2-bin $rsvg_ver) | Adrian Kennard (https://www.me.uk/cards/) | CC0 1.0 (public domain dedication) |
| \`cards/four-color/*.png\` except the backs | the 52 faces, four-colour deck: clubs green ($CLUBS_GREEN), diamonds blue ($DIAMONDS_BLUE), hearts red, spades black | the package's \`src/images/4color/*.svg\` (the two-colour faces with club and diamond pips/indices recoloured; court art unchanged), with the package's green and blue replaced by the colours above by \`tools/make_assets.sh\`, rendered as above | Adrian Kennard; recolouring made by \`tools/make_assets.sh\` | CC0 1.0 |
| \`cards/classic/back-red.png\`, \`cards/classic/back-blue.png\`, \`cards/four-color/back-red.png\`, \`cards/four-color/back-blue.png\` | card backs | the package's \`src/images/back.svg\` (lozenge lattice, white border), lattice recoloured red ($BACK_RED) / blue ($BACK_BLUE) by \`tools/make_assets.sh\` | Adrian Kennard; recolouring made by \`tools/make_assets.sh\` | CC0 1.0 |

The npm package \`$CARDS_PKG\` $CARDS_VER (tarball sha256 \`$CARDS_TGZ_SHA256\`;
its React code is MIT, © 2020 Ilya Malyanov)
redistributes Adrian Kennard's SVG cards, which he dedicated to the public domain
under CC0. Only the card SVGs are used, none of the package's code. The PNGs are
losslessly recompressed with optipng.

## Fonts — \`fonts/\`

| files | source | author | licence |
| --- | --- | --- | --- |
| \`fonts/NotoSans-Regular.ttf\`, \`fonts/NotoSans-Bold.ttf\` (Latin, Greek, Cyrillic) | Debian package \`fonts-noto-core\` $fonts_ver (\`$NOTO_DIR\`), unmodified static TTFs | Google / The Noto Project Authors | SIL Open Font License 1.1, see \`fonts/OFL.txt\` |
| \`fonts/NotoSansArabic-Regular.ttf\`, \`fonts/NotoSansArabic-Bold.ttf\` | same | same | OFL 1.1 |
| \`fonts/NotoSansDevanagari-Regular.ttf\`, \`fonts/NotoSansDevanagari-Bold.ttf\` | same | same | OFL 1.1 |
| \`fonts/NotoSansSymbols2-Regular.ttf\` (has the suit characters ♠♥♦♣♤♡♢♧, which Noto Sans lacks) | same | same | OFL 1.1 |
| \`fonts/OFL.txt\` | licence text of the fonts above (SIL OFL 1.1 with the Noto copyright notice) | SIL International | — |

## Sounds — \`sounds/\`

All synthesised with SoX (Debian \`sox\` $sox_ver) by \`tools/make_assets.sh\`; mono,
44100 Hz, 16-bit PCM WAV. Made for this project; licence: CC0 1.0.

| file | what |
| --- | --- |
| \`sounds/deal.wav\` | soft card flick, 60 ms |
| \`sounds/play.wav\` | card snap, 90 ms |
| \`sounds/trick.wav\` | gathering swish, 250 ms |
| \`sounds/hand_end.wav\` | gentle two-note chime (E5, A5), 600 ms |
| \`sounds/error.wav\` | short low blip, 120 ms |

## Application icon — \`icon.png\`, \`icon.ico\`

| file | what | source | licence |
| --- | --- | --- | --- |
| \`icon.png\` | 256×256 icon: two cards (ace of spades over a red back) on green felt | SVG written in \`tools/make_assets.sh\`, rendered with \`rsvg-convert\`; spade and "A" outlines from Adrian Kennard's cards (CC0) | CC0 1.0 |
| \`icon.ico\` | the same at 16, 24, 32, 48, 64, 128 and 256 px | same SVG rendered at each size, packed with ImageMagick \`convert\` | CC0 1.0 |
EOF
}

mkdir -p "$ASSETS"
make_cards
make_fonts
make_sounds
make_icon
make_credits
log "done: $(du -sh "$ASSETS" | cut -f1) in $ASSETS"
