#!/usr/bin/env bash
# Regenerates every file in src/server/seed/demo-media/ (demo audio, video and thumbnails).
#
# Requires: espeak-ng, sox, ffmpeg (with libmp3lame, libx264, libwebp, libfreetype) and the
# Liberation fonts (fonts-liberation). Output is deterministic for a given tool version:
# no random seeds, bit-exact flags and stripped metadata.
#
# Usage: bash scripts/generate-demo-media.sh
# After regenerating, the durations printed at the end must match `duration` in demo-content.ts.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/src/server/seed/demo-media"
FONT=/usr/share/fonts/truetype/liberation/LiberationSerif-Italic.ttf

for tool in espeak-ng sox soxi ffmpeg ffprobe; do
  command -v "$tool" >/dev/null || { echo "missing tool: $tool (apt-get install espeak-ng sox ffmpeg)" >&2; exit 1; }
done
[[ -f $FONT ]] || { echo "missing font: $FONT (apt-get install fonts-liberation)" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"
rm -f "$OUT"/*.mp3 "$OUT"/*.mp4 "$OUT"/*.webp

FF=(ffmpeg -hide_banner -loglevel error -y)
BITEXACT=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact)

# ---------------------------------------------------------------------------------------------
# Colour and expression helpers (for ffmpeg geq expressions)
# ---------------------------------------------------------------------------------------------

# c HEX CH -> decimal component of a hex colour (CH: 0 red, 1 green, 2 blue)
c() { local h=${1#\#}; echo $((16#${h:$(($2 * 2)):2})); }
# L A B T -> expression for a linear blend from A to B by T
L() { echo "($1+(($2)-($1))*($3))"; }
# A tiny position-hashed dither (±1.5 levels) that keeps smooth gradients from banding.
DITHER='(mod(abs(sin(X*12.9898+Y*78.233))*43758.5453,1)-0.5)*3'

# still OUT R G B -> render one 640x360 frame from per-channel expressions (WebP or PNG by name)
still() {
  local out=$1 codec=()
  [[ $out == *.webp ]] && codec=(-c:v libwebp -quality 70 -compression_level 6)
  "${FF[@]}" -f lavfi -i "nullsrc=s=640x360:d=1:r=1,format=gbrp,geq=r='clip($2,0,255)':g='clip($3,0,255)':b='clip($4,0,255)'" \
    -frames:v 1 "${codec[@]}" "${BITEXACT[@]}" "$out"
}

# ---------------------------------------------------------------------------------------------
# Thumbnail styles (640x360 WebP)
# ---------------------------------------------------------------------------------------------

# horizon OUT skyTop skyBottom sun waterTop waterBottom horizonY sunX sunRadius
horizon() {
  local out=$1 st=$2 sb=$3 sun=$4 wt=$5 wb=$6 hy=$7 sx=$8 sr=$9 e=() ch
  for ch in 0 1 2; do
    local sky sea base glow disc refl
    sky=$(L "$(c "$st" $ch)" "$(c "$sb" $ch)" "pow(clip(Y/(H*$hy),0,1),1.3)")
    sea=$(L "$(c "$wt" $ch)" "$(c "$wb" $ch)" "clip((Y-H*$hy)/(H*(1-$hy)),0,1)")
    base="if(lt(Y,H*$hy),$sky,$sea)"
    glow="0.4*exp(-hypot(X-W*$sx,Y-H*$hy)/(W*0.15))"
    disc="clip(($sr-hypot(X-W*$sx,Y-H*$hy+$sr*0.35))/2,0,1)*lt(Y,H*$hy)"
    refl="gte(Y,H*$hy)*0.45*exp(-abs(X-W*$sx)/($sr*0.9))*exp(-(Y-H*$hy)/(H*0.12))*(0.75+0.25*sin(Y*0.9))"
    e+=("$(L "$(L "$base" "$(c "$sun" $ch)" "clip($glow+$refl,0,1)")" "$(c "$sun" $ch)" "$disc")+$DITHER")
  done
  still "$out" "${e[@]}"
}

# orb OUT bgTop bgBottom orb1 orb2 cx cy radius orb2Alpha orb2dx orb2dy orb2Scale
orb() {
  local out=$1 bt=$2 bb=$3 o1=$4 o2=$5 cx=$6 cy=$7 r=$8 a2=$9 dx=${10} dy=${11} s2=${12} e=() ch
  for ch in 0 1 2; do
    local bg d1 d2 halo a1 sec s1
    bg=$(L "$(c "$bt" $ch)" "$(c "$bb" $ch)" "clip((X*0.35+Y)/(W*0.35+H),0,1)")
    d1="hypot(X-W*$cx,Y-H*$cy)"
    d2="hypot(X-W*($cx+$dx),Y-H*($cy+$dy))"
    halo="0.14*exp(-max($d1-$r,0)/($r*0.45))*gt($d1,$r-3)"
    a1="clip(($r-$d1)/2.5,0,1)*(0.82+0.12*$d1/$r)"
    sec="$a2*clip(($r*$s2-$d2)/2.5,0,1)"
    s1=$(L "$bg" "$(c "$o1" $ch)" "clip($halo+$a1,0,1)")
    e+=("$(L "$s1" "$(c "$o2" $ch)" "$sec")+$DITHER")
  done
  still "$out" "${e[@]}"
}

# hills OUT skyTop skyBottom hillFar hillMid hillNear sun sunX
hills() {
  local out=$1 st=$2 sb=$3 h1=$4 h2=$5 h3=$6 sun=$7 sx=$8 e=() ch
  local y1="H*(0.55+0.06*sin(X/W*5.2+0.6)+0.03*sin(X/W*11+2))"
  local y2="H*(0.68+0.07*sin(X/W*3.6+2.4)+0.02*sin(X/W*9+1))"
  local y3="H*(0.82+0.05*sin(X/W*4.4+4.1)+0.02*sin(X/W*13))"
  for ch in 0 1 2; do
    local sky s0 s1 s2 s3
    sky=$(L "$(c "$st" $ch)" "$(c "$sb" $ch)" "clip(Y/(H*0.75),0,1)")
    s0=$(L "$sky" "$(c "$sun" $ch)" "clip((46-hypot(X-W*$sx,Y-H*0.36))/2,0,1)")
    s1=$(L "$s0" "$(c "$h1" $ch)" "clip((Y-$y1)/1.5,0,1)")
    s2=$(L "$s1" "$(c "$h2" $ch)" "clip((Y-$y2)/1.5,0,1)")
    s3=$(L "$s2" "$(c "$h3" $ch)" "clip((Y-$y3)/1.5,0,1)")
    e+=("$s3+$DITHER")
  done
  still "$out" "${e[@]}"
}

# moon OUT skyTop skyBottom moon ground crescent(1|0)
moon() {
  local out=$1 st=$2 sb=$3 mo=$4 gr=$5 cres=$6 e=() ch
  local d="hypot(X-W*0.7,Y-H*0.3)"
  local yg="H*(0.8+0.05*sin(X/W*3.1+0.8)+0.015*sin(X/W*12))"
  local stars="0.75*(lt(hypot(X-96,Y-60),1.6)+lt(hypot(X-210,Y-38),1.2)+lt(hypot(X-330,Y-92),1.4)+lt(hypot(X-560,Y-190),1.1)+lt(hypot(X-150,Y-150),1.1)+lt(hypot(X-610,Y-44),1.3)+lt(hypot(X-395,Y-30),1)+lt(hypot(X-60,Y-200),1.1))"
  for ch in 0 1 2; do
    local sky glow disc s1
    sky=$(L "$(c "$st" $ch)" "$(c "$sb" $ch)" "clip(Y/H,0,1)")
    glow="0.26*exp(-max($d-30,0)/70)"
    disc="clip((30-$d)/1.8,0,1)*(1-$cres*clip((30-hypot(X-W*0.7-13,Y-H*0.3-7))/1.8,0,1))"
    s1=$(L "$sky" "$(c "$mo" $ch)" "clip($glow+$disc+$stars,0,1)")
    e+=("$(L "$s1" "$(c "$gr" $ch)" "clip((Y-$yg)/1.5,0,1)")+$DITHER")
  done
  still "$out" "${e[@]}"
}

# ripples OUT centreColour edgeColour ringColour cx cy
ripples() {
  local out=$1 bi=$2 bo=$3 rc=$4 cx=$5 cy=$6 e=() ch
  local d="hypot(X-W*$cx,(Y-H*$cy)*1.35)"
  for ch in 0 1 2; do
    local bg ring dot
    bg=$(L "$(c "$bi" $ch)" "$(c "$bo" $ch)" "clip($d/(W*0.75),0,1)")
    ring="0.55*pow(0.5+0.5*cos($d/15),6)*exp(-$d/190)*gt($d,12)"
    dot="clip((10-$d)/1.5,0,1)"
    e+=("$(L "$bg" "$(c "$rc" $ch)" "clip($ring+$dot,0,1)")+$DITHER")
  done
  still "$out" "${e[@]}"
}

# gather OUT bgTop bgBottom colourA colourB -> a circle of small circles (a group sitting together)
gather() {
  local out=$1 bt=$2 bb=$3 ca=$4 cb=$5 e=() ch i sa="0" sb="0"
  for i in 0 1 2 3 4 5 6 7; do
    local px py
    px=$(awk -v i="$i" 'BEGIN{printf "%.2f", 320+118*cos(i*3.14159265/4+0.39)}')
    py=$(awk -v i="$i" 'BEGIN{printf "%.2f", 180+82*sin(i*3.14159265/4+0.39)}')
    if ((i % 2 == 0)); then sa="$sa+clip((19-hypot(X-$px,Y-$py))/1.6,0,1)"; else sb="$sb+clip((19-hypot(X-$px,Y-$py))/1.6,0,1)"; fi
  done
  for ch in 0 1 2; do
    local bg s1 s2
    bg=$(L "$(c "$bt" $ch)" "$(c "$bb" $ch)" "clip(Y/H,0,1)")
    s1=$(L "$bg" "$(c "$ca" $ch)" "clip($sa,0,1)")
    s2=$(L "$s1" "$(c "$cb" $ch)" "clip(0.9*($sb),0,1)")
    e+=("$s2+$DITHER")
  done
  still "$out" "${e[@]}"
}

# ---------------------------------------------------------------------------------------------
# Guided audio sessions (MP3, mono, 22.05 kHz, 32 kbps)
# ---------------------------------------------------------------------------------------------

# session NAME VOICE WPM PITCH ROOT_HZ FIFTH_HZ  (script text on stdin, SSML breaks allowed)
session() {
  local name=$1 voice=$2 wpm=$3 pitch=$4 root=$5 fifth=$6
  local txt="$TMP/$name.txt"
  cat >"$txt"
  espeak-ng -v "$voice" -s "$wpm" -p "$pitch" -a 90 -g 3 -m -f "$txt" -w "$TMP/$name-raw.wav"
  # 3 s of bed before the voice, about 6 s after; whole seconds so the file length is exact.
  local len
  len=$(soxi -D "$TMP/$name-raw.wav" | awk '{printf "%d", int($1 + 9.999)}')
  # Soften the synthetic voice: trim rumble and hiss, a little warmth, a small room.
  sox -R "$TMP/$name-raw.wav" "$TMP/$name-voice.wav" gain -8 \
    highpass 90 lowpass 6500 equalizer 220 1q 2 equalizer 3200 1.5q -3 \
    reverb 22 50 45 channels 1 gain -n -3 pad 3
  # A quiet bed: two low sine tones (root and fifth) and filtered pink noise, slowly swelling.
  sox -R -n -r 22050 -c 3 "$TMP/$name-bed3.wav" synth "$len" sine "$root" sine "$fifth" pinknoise
  sox -R "$TMP/$name-bed3.wav" "$TMP/$name-bed.wav" \
    remix 1v0.5,2v0.3,3v0.22 lowpass 650 tremolo 0.1 35 fade q 5 "$len" 6 gain -n -29
  # -m pads the shorter voice track with silence to the full bed length
  sox -R -m -v 1 "$TMP/$name-voice.wav" -v 1 "$TMP/$name-bed.wav" "$TMP/$name-mix.wav" gain -n -1.5 trim 0 "$len"
  "${FF[@]}" -i "$TMP/$name-mix.wav" -ac 1 -ar 22050 -c:a libmp3lame -b:a 32k \
    -id3v2_version 0 -write_id3v1 0 "${BITEXACT[@]}" "$OUT/$name.mp3"
}

session arriving-breath en-gb+f3 140 40 110 164.81 <<'EOF'
Welcome. Let's take a minute to arrive. <break time="3s"/>
Find a comfortable way to sit, and let your hands rest. <break time="3s"/>
If it feels right, close your eyes, or let your gaze soften toward the floor. <break time="4s"/>
Now notice the breath, just as it is. You don't need to change it. <break time="4s"/>
Breathing in, feel the air arrive. <break time="3s"/>
Breathing out, let your shoulders drop, a little. <break time="4s"/>
In. <break time="3s"/> And out. <break time="4s"/>
When your mind wanders, and it will, simply notice where it went, and come back to the next breath. <break time="5s"/>
One more slow breath in. <break time="3s"/>
And a long, easy breath out. <break time="3s"/>
Thank you for arriving. You can carry this calm into whatever comes next.
EOF

session short-body-scan en-gb+f3 140 40 98 146.83 <<'EOF'
This is a short body scan. Settle into a position where you can be still, sitting or lying down. <break time="3s"/>
Take one deeper breath, and let it go with a sigh. <break time="4s"/>
Bring your attention to your feet. Notice warmth, coolness, pressure, or nothing at all. All of it is fine. <break time="4s"/>
Let your attention move up, through the ankles and the calves, to the knees. <break time="3s"/>
Notice the hips, and the places where your body meets the chair or the floor. <break time="4s"/>
Now the belly. Feel it rise and fall with each breath. <break time="4s"/>
The chest, the upper back, the shoulders. If there is tightness, breathe toward it, and let it soften, a little at a time. <break time="4s"/>
Down the arms, to the hands, all the way to the fingertips. <break time="3s"/>
The neck, the jaw, the small muscles around the eyes. Let the face be soft. <break time="4s"/>
Now feel the whole body at once. Breathing. Resting. Here. <break time="4s"/>
When you are ready, wiggle your fingers and toes, and gently open your eyes.
EOF

session loving-kindness en-gb+f3 138 40 116.54 174.61 <<'EOF'
Let's practise a few minutes of kindness, starting close to home. <break time="3s"/>
Sit comfortably, and rest a hand on your heart, if you like. <break time="4s"/>
Bring to mind someone who makes you smile easily. A friend, a grandparent, even a pet. <break time="4s"/>
Silently offer them these words. May you be safe. <break time="3s"/> May you be well. <break time="3s"/> May you be at ease. <break time="4s"/>
Now turn the same wishes toward yourself. It may feel awkward. That's all right. <break time="3s"/>
May I be safe. <break time="3s"/> May I be well. <break time="3s"/> May I be at ease. <break time="4s"/>
Finally, widen the circle, to people you know, and people you will never meet. <break time="3s"/>
May all of us be safe. May all of us be well. May all of us be at ease. <break time="5s"/>
Rest for a moment in whatever you feel. There is nothing to get right.
EOF

session settling-into-sleep en-us+m3 130 35 87.31 130.81 <<'EOF'
It is time to let the day be finished. <break time="3s"/>
Lie down, and let the bed hold your full weight. <break time="4s"/>
Breathe in through the nose, <break time="2s"/> and out through the mouth, slowly, like a long sigh. <break time="4s"/>
Once more. In, <break time="3s"/> and a slow breath out. <break time="5s"/>
Let your breathing find its own rhythm now. <break time="4s"/>
Feel the heaviness in your legs, <break time="3s"/> your arms, <break time="3s"/> your head sinking into the pillow. <break time="5s"/>
If thoughts about today or tomorrow come along, picture them as boats drifting past on a quiet river. You don't need to climb aboard. <break time="6s"/>
Each breath out is a little longer, a little softer. <break time="5s"/>
There is nothing left to do tonight. <break time="4s"/>
Just rest. <break time="5s"/>
Sleep well.
EOF

session morning-intention en-gb+f3 142 42 130.81 196.0 <<'EOF'
Good morning. Before the day begins, take three slow breaths with me. <break time="2s"/>
In, <break time="3s"/> and out. <break time="3s"/>
In, <break time="3s"/> and out. <break time="3s"/>
In, <break time="3s"/> and out. <break time="4s"/>
Now ask yourself a gentle question. How do I want to be today? <break time="5s"/>
Not what do I need to get done, but how do I want to meet it. Perhaps patient. Perhaps curious. Perhaps kind. <break time="5s"/>
Choose one word, and say it silently to yourself. <break time="4s"/>
Imagine a moment later today when that word might help you. <break time="5s"/>
Take one more full breath, and let the word settle. <break time="3s"/>
Go gently into your day.
EOF

session three-small-thanks en-us+m3 136 38 103.83 155.56 <<'EOF'
This practice takes only a minute or two. <break time="3s"/>
Sit comfortably, and let your breathing slow down. <break time="4s"/>
Think of one small thing from today that you are glad about. It can be very small. A warm cup, a kind message, a patch of sunlight. <break time="5s"/>
Let yourself really remember it. Where were you? What did it feel like? <break time="5s"/>
Now a second thing. Perhaps something your body did for you, like carrying you up the stairs. <break time="5s"/>
And a third. Perhaps a person, and what they gave you, even without knowing. <break time="5s"/>
Notice how it feels to hold these three small thanks together. <break time="4s"/>
Breathe in, <break time="2s"/> and let a little of that warmth stay with you as you breathe out.
EOF

session the-long-exhale en-gb+f3 140 40 123.47 185.0 <<'EOF'
If you are feeling tense right now, this is for you. <break time="2s"/>
You can do it anywhere, with your eyes open. <break time="3s"/>
Breathe in through your nose. <break time="2s"/>
Then take a second, short breath in, on top of it. <break time="1s"/>
And now breathe out through your mouth, long and slow, until your lungs feel empty. <break time="4s"/>
Again. In, <break time="1s"/> a little more, <break time="1s"/> and a long breath out. <break time="4s"/>
One more time. In, <break time="1s"/> top it up, <break time="1s"/> and let it all go. <break time="5s"/>
Notice your shoulders, your jaw, your hands. Let them loosen. <break time="4s"/>
Now breathe normally, but let each breath out be a little longer than the breath in. <break time="6s"/>
You have just told your body that it is safe. Come back to your day whenever you are ready.
EOF

# ---------------------------------------------------------------------------------------------
# Videos (MP4, H.264 Main, yuv420p, 640x360, 24 fps, AAC mono, +faststart)
# ---------------------------------------------------------------------------------------------

ENCODE=(-c:v libx264 -profile:v main -preset veryslow -crf 27 -pix_fmt yuv420p -g 240
  -c:a aac -b:a 32k -ac 1 -ar 44100 -movflags +faststart)

# 1. Breathing circle: a sage circle grows for 5 s and shrinks for 5 s (six breaths a minute).
breathing_circle() {
  local D=30 P=10 S=320 RR=120 e=() ch
  for ch in 0 1 2; do
    # warm sand to pale sage, with a faint guide ring at the full-breath size
    e+=("$(L "$(c FAF7F2 $ch)" "$(c E3EAE2 $ch)" "clip(Y/H,0,1)")*(1-0.05*clip(1-abs(hypot(X-W/2,Y-H*0.45)-124)/1.1,0,1))+$DITHER")
  done
  still "$TMP/circle-bg.png" "${e[@]}"
  local dd="hypot(X-$S/2,Y-$S/2)"
  "${FF[@]}" -f lavfi -i "nullsrc=s=${S}x${S}:d=1:r=1,format=rgba,geq=r=$(c 3F6F62 0):g=$(c 3F6F62 1):b=$(c 3F6F62 2):a='255*clip(clip(($RR-$dd)/2.5,0,1)*(0.72+0.12*$dd/$RR)+0.16*exp(-max($dd-$RR,0)/20)*clip(($S/2-4-$dd)/14,0,1)*gt($dd,$RR-3),0,1)'" \
    -frames:v 1 "$TMP/circle-sprite.png"
  local scale="((58+62*(0.5-0.5*cos(2*PI*t/$P)))/$RR)"
  local ta_in="if(lt(mod(t,$P),5),clip(min(mod(t,$P)-0.3,4.7-mod(t,$P))/0.8,0,1)*0.75,0)"
  local ta_out="if(gte(mod(t,$P),5),clip(min(mod(t,$P)-5.3,9.7-mod(t,$P))/0.8,0,1)*0.75,0)"
  local text="fontfile=$FONT:fontsize=26:fontcolor=0x1F2A2E:x=(w-tw)/2:y=h*0.86-th/2"
  "${FF[@]}" -loop 1 -framerate 24 -t $D -i "$TMP/circle-bg.png" -loop 1 -framerate 24 -t $D -i "$TMP/circle-sprite.png" \
    -f lavfi -i "aevalsrc='(0.05*sin(2*PI*110*t)+0.035*sin(2*PI*164.81*t)+0.02*sin(2*PI*220.5*t))*(0.55+0.45*(0.5-0.5*cos(2*PI*t/$P)))*min(1,t/3)*min(1,($D-t)/3)':s=44100:d=$D" \
    -filter_complex "[1:v]format=rgba,scale=w='2*round($S*$scale/2)':h='2*round($S*$scale/2)':eval=frame:flags=bicubic,pad=w=$S:h=$S:x=(ow-iw)/2:y=(oh-ih)/2:color=black@0:eval=frame[c];\
[0:v]format=rgb24[bg];[bg][c]overlay=x=(W-w)/2:y=H*0.45-h/2:format=rgb,format=yuv420p,\
drawtext=$text:text='breathe in':alpha='$ta_in',drawtext=$text:text='breathe out':alpha='$ta_out',\
fade=t=in:st=0:d=1.5:color=0xFAF7F2,fade=t=out:st=$((D - 2)):d=2:color=0xFAF7F2[v]" \
    -map '[v]' -map 2:a -t $D "${ENCODE[@]}" "${BITEXACT[@]}" "$OUT/breathing-circle.mp4"
}

# 2. Dawn horizon: the sky warms from lavender night to peach morning as the sun rises over water.
dawn_horizon() {
  local D=24 HY=0.64 HYP=230
  sky() { # OUT top bottom waterTop waterBottom
    local e=() ch s w
    for ch in 0 1 2; do
      s=$(L "$(c "$2" $ch)" "$(c "$3" $ch)" "pow(clip(Y/(H*$HY),0,1),1.4)")
      w=$(L "$(c "$4" $ch)" "$(c "$5" $ch)" "clip((Y-H*$HY)/(H*(1-$HY)),0,1)")
      e+=("if(lt(Y,H*$HY),$s,$w)+$DITHER")
    done
    still "$1" "${e[@]}"
  }
  water() { # OUT top bottom (RGBA, transparent above the horizon)
    local e=() ch
    for ch in 0 1 2; do e+=("$(L "$(c "$2" $ch)" "$(c "$3" $ch)" "clip((Y-H*$HY)/(H*(1-$HY)),0,1)")+$DITHER"); done
    "${FF[@]}" -f lavfi -i "nullsrc=s=640x360:d=1:r=1,format=rgba,geq=r='${e[0]}':g='${e[1]}':b='${e[2]}':a='255*gte(Y,H*$HY)'" -frames:v 1 "$1"
  }
  sky "$TMP/skyA.png" 2B3650 8E86A8 3A4660 232C3E
  sky "$TMP/skyB.png" A9C0D3 F5CDAE 8FA9AA 5C7F7C
  water "$TMP/waterA.png" 3A4660 232C3E
  water "$TMP/waterB.png" 8FA9AA 5C7F7C
  "${FF[@]}" -f lavfi -i "nullsrc=s=200x200:d=1:r=1,format=rgba,geq=r=252:g=236:b=214:a='255*clip(clip((26-hypot(X-100,Y-100))/1.8,0,1)+0.45*exp(-max(hypot(X-100,Y-100)-26,0)/22)*clip((96-hypot(X-100,Y-100))/10,0,1),0,1)'" \
    -frames:v 1 "$TMP/sun.png"
  "${FF[@]}" -f lavfi -i "nullsrc=s=120x130:d=1:r=1,format=rgba,geq=r=252:g=232:b=208:a='255*0.5*exp(-abs(X-60)/14)*exp(-Y/45)*(0.65+0.35*sin(Y*0.8))'" \
    -frames:v 1 "$TMP/reflection.png"
  local rise="(0.5-0.5*cos(PI*clip((t-1)/($D-4),0,1)))"
  local ta="clip(min(t-9,19-t)/1.5,0,1)*0.85"
  "${FF[@]}" \
    -loop 1 -framerate 24 -t $D -i "$TMP/skyA.png" -loop 1 -framerate 24 -t $D -i "$TMP/skyB.png" \
    -loop 1 -framerate 24 -t $D -i "$TMP/waterA.png" -loop 1 -framerate 24 -t $D -i "$TMP/waterB.png" \
    -loop 1 -framerate 24 -t $D -i "$TMP/sun.png" -loop 1 -framerate 24 -t $D -i "$TMP/reflection.png" \
    -f lavfi -i "anoisesrc=c=brown:a=0.5:r=44100:seed=7:d=$D" \
    -f lavfi -i "aevalsrc='0.04*sin(2*PI*98*t)+0.03*sin(2*PI*147*t)':s=44100:d=$D" \
    -filter_complex "[0:v]format=gbrp[a];[1:v]format=gbrp[b];[a][b]xfade=transition=fade:duration=$((D - 4)):offset=1,trim=duration=$D[sky];\
[2:v]format=rgba[wa];[3:v]format=rgba[wb];[wa][wb]xfade=transition=fade:duration=$((D - 4)):offset=1,trim=duration=$D[water];\
[5:v]format=rgba,fade=t=in:st=5:d=14:alpha=1[refl];\
[sky][4:v]overlay=x=W*0.6-w/2:y='$HYP+30-95*$rise-h/2':eval=frame[s1];[s1][water]overlay[s2];\
[s2][refl]overlay=x=W*0.6-w/2:y=$((HYP + 1)),format=yuv420p,\
drawtext=fontfile=$FONT:text='let the day arrive slowly':fontsize=24:fontcolor=0xFAF7F2:x=(w-tw)/2:y=h*0.2:alpha='$ta',\
fade=t=in:st=0:d=2:color=0x1B2233,fade=t=out:st=$((D - 2)):d=2:color=0xFAF7F2[v];\
[6:a]lowpass=f=500,volume=0.5,tremolo=f=0.12:d=0.6[n];[7:a][n]amix=inputs=2:normalize=0,afade=t=in:d=3,afade=t=out:st=$((D - 3)):d=3[aout]" \
    -map '[v]' -map '[aout]' -t $D "${ENCODE[@]}" "${BITEXACT[@]}" "$OUT/dawn-horizon.mp4"
}

# 3. Still water: drops fall every four seconds and the rings spread and settle.
still_water() {
  local D=20 DK=35605C MD=8AAAA2 LT=F2E8DA
  local d="hypot(X-160,(Y-88)*2.1)"
  ring() { echo "exp(-pow(($d-21*$1)/11,2))*sin(($d-21*$1)/3.2)*exp(-$1/3.2)*clip($1*1.5,0,1)"; }
  lut() { echo "if(lt(val,128),$(c $DK "$1")+($(c $MD "$1")-$(c $DK "$1"))*val/128,$(c $MD "$1")+($(c $LT "$1")-$(c $MD "$1"))*(val-128)/127)"; }
  # brightness map rendered at half size (smooth, so the upscale is invisible), then coloured
  local lum="clip(200-110*pow(Y/H,0.8)+44*($(ring "mod(T+0.5,8)")+$(ring "mod(T+4.5,8)"))+$DITHER,0,255)"
  local ta="clip(min(t-11,17.5-t)/1.5,0,1)*0.7"
  "${FF[@]}" \
    -f lavfi -i "nullsrc=s=320x180:r=24:d=$D,format=gray,geq=lum='$lum',scale=640:360:flags=bicubic,format=rgb24,lutrgb=r='$(lut 0)':g='$(lut 1)':b='$(lut 2)',format=yuv420p,\
drawtext=fontfile=$FONT:text='let it settle':fontsize=24:fontcolor=0x1F2A2E:x=(w-tw)/2:y=h*0.84-th/2:alpha='$ta',\
fade=t=in:st=0:d=1.5:color=0x$LT,fade=t=out:st=$((D - 2)):d=2:color=0x$LT" \
    -f lavfi -i "aevalsrc='(0.045*sin(2*PI*130.81*t)+0.03*sin(2*PI*196*t)*(0.5+0.5*sin(2*PI*t/8))+0.02*sin(2*PI*261.63*t)*(exp(-mod(t+0.5,4)*0.8)))*min(1,t/2)*min(1,($D-t)/2.5)':s=44100:d=$D" \
    -t $D "${ENCODE[@]}" "${BITEXACT[@]}" "$OUT/still-water.mp4"
}

breathing_circle
dawn_horizon
still_water

# ---------------------------------------------------------------------------------------------
# Thumbnails, one per demo item (keys as in demo-content.ts)
# ---------------------------------------------------------------------------------------------

# audio
orb "$OUT/arriving-breath.webp" FAF7F2 EDE6DA 3F6F62 C9826B 0.56 0.5 86 0.6 -0.16 0.16 0.42
hills "$OUT/short-body-scan.webp" F4EEE6 E8D9C8 B9C9BD 7FA194 3F6F62 F1D3BE 0.28
orb "$OUT/loving-kindness.webp" FAF1EC EFD9D0 C9826B D9A79A 0.58 0.46 84 0.7 -0.14 0.14 0.66
moon "$OUT/settling-into-sleep.webp" 1F2A2E 2E3F52 F3EBDD 142024 1
horizon "$OUT/morning-intention.webp" E9DCCB F3C9A8 FBEBD9 9FB5B0 5E8479 0.62 0.62 34
hills "$OUT/three-small-thanks.webp" F7EFE3 F0DCC4 E3C2A4 CF9A7E A86A55 FBE6CF 0.72
ripples "$OUT/the-long-exhale.webp" EEF2F6 B9C6D6 F8FAFC 0.5 0.5
# video
orb "$OUT/breathing-circle.webp" FAF7F2 E3EAE2 3F6F62 3F6F62 0.5 0.46 96 0 0 0 0
horizon "$OUT/dawn-horizon.webp" 6E7394 E8B9A6 FBE3C8 6F8C92 3D5160 0.64 0.6 26
ripples "$OUT/still-water.webp" E9EEE8 8AAAA2 F4F1EA 0.5 0.45
# posts
ripples "$OUT/why-slow-breathing-calms-the-body.webp" EEEAF4 B7AECF FAF8FC 0.36 0.52
orb "$OUT/making-a-two-minute-practice-stick.webp" F2F0E9 DDE6DF 3F6F62 C9826B 0.4 0.54 62 0.95 0.2 -0.17 0.24
horizon "$OUT/rest-is-not-a-reward.webp" C9C3DC F0C4B4 FFF1E2 A7A5BF 6C6A86 0.66 0.3 30
hills "$OUT/noticing-without-fixing.webp" EEF2F6 DCE3EE B8C6D8 8A9FBC 5A7193 F6E6D6 0.7
# events
gather "$OUT/sunday-evening-group-sit.webp" FAF7F2 EDE6DA 3F6F62 C9826B
moon "$OUT/full-moon-sit.webp" 2E2A45 5B5578 F6EEDF 221F33 0

# ---------------------------------------------------------------------------------------------
# Summary: durations must match `duration` in demo-content.ts
# ---------------------------------------------------------------------------------------------
printf '%-44s %9s %9s  %s\n' file bytes seconds codec
for f in "$OUT"/*; do
  dur=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$f" | awk '{ if ($1 == "N/A" || $1 == "") print "-"; else printf "%.2f", $1 }')
  codec=$(ffprobe -v error -show_entries stream=codec_name -of csv=p=0 "$f" | paste -sd, -)
  printf '%-44s %9d %9s  %s\n' "$(basename "$f")" "$(stat -c %s "$f")" "$dur" "$codec"
done
du -sh "$OUT"
