-- Decides requests under sliding windows and a ban, in one atomic step: a batch of decisions taken in
-- order, each exactly as if it had been sent alone (a later one sees what an earlier one counted).
-- The same rules as src/domain/access/rate-limit.ts (the contract suite holds both to the same answers).
--
-- KEYS         one per decision: the subject's state, one string read with one GET and written with
--              one SET (only when a request is counted or a strike or ban recorded), all little-endian:
--                banned until (double), strikes (uint32), strikes until (double), windows (uint32);
--                then per window: window ms, bucket ms, requests counted, buckets (uint32 each),
--                index of the oldest bucket (double), then one 8-byte slot per bucket from the oldest
--                to the newest: requests (uint32), ms from the bucket's start to its latest request
--                (uint32); an empty bucket between two live ones is a slot of zeros. At most span + 1
--                buckets a window. A window stored with another shape than the policy's is empty.
-- ARGV         the number of policies, then each policy: ban threshold (0 = off), ban duration ms,
--              strike window ms, the number of windows, then per window: limit, window ms, bucket ms;
--              then per decision: now in ms, or "" to take the time from Redis (so instances with
--              skewed clocks agree); "admit" to decide and count a request, "peek" to say what one
--              would get (nothing counted), "strike:<count>:<first ms>" to count that many refusals
--              answered elsewhere as strikes, the last of them at now (then as peek), "unban" to lift
--              a ban and forget the strikes (then as peek); the policy's number (from 1)
-- Returns      one reply per decision: { outcome, now, bannedUntil, banStarted (1 for the request that
--              began a ban, else 0), dropsAt (for a refusal, when the oldest request counted leaves
--              its window; -1 with none and for an admission), strikes, strikesUntil, then per
--              window: used, resetAt, retryAt }
--
-- A bucket counts, whole, while its latest request is inside the window (now - window, now], so it
-- leaves exactly one window after that request: no stated time is ever more than a window ahead.
-- What a decision finds has left a window is dropped from the copy it reads, and from the stored
-- value the next time it is written.

local HEADER, WINDOW, SLOT = 24, 24, 8

local redisNow
local function timeOf(given)
  local now = tonumber(given)
  if now then return now end
  if not redisNow then
    local time = redis.call('TIME')
    redisNow = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
  end
  return redisNow
end

-- The policies, read once for the batch.
local policies = {}
local a = 2
for p = 1, tonumber(ARGV[1]) do
  local policy = { threshold = tonumber(ARGV[a]), banMs = tonumber(ARGV[a + 1]), strikeMs = tonumber(ARGV[a + 2]), windows = {} }
  for i = 1, tonumber(ARGV[a + 3]) do
    local base = a + 4 + (i - 1) * 3
    policy.windows[i] = { limit = tonumber(ARGV[base]), windowMs = tonumber(ARGV[base + 1]), bucketMs = tonumber(ARGV[base + 2]) }
  end
  a = a + 4 + #policy.windows * 3
  policies[p] = policy
end

-- A bucket's request count and the time its latest request leaves the window (0, 0 when empty).
-- A window's slots are w.data from byte w.at on, the first of them the bucket w.oldest.
local function bucketOf(w, b)
  if w.total == 0 or b < w.oldest or b > w.newest then return 0, 0 end
  local count, offset = struct.unpack('<I4I4', w.data, w.at + (b - w.oldest) * SLOT)
  if count == 0 then return 0, 0 end
  return count, b * w.bucketMs + offset + w.windowMs
end

local function resetAt(w, now)
  if w.total == 0 then return now end
  local _, leaves = bucketOf(w, w.newest)
  return leaves
end

-- When enough of the oldest buckets have left the window for one more request.
local function retryAt(w, now)
  if w.total < w.limit then return now end
  local dropped = 0
  for b = w.oldest, w.newest do
    local count, leaves = bucketOf(w, b)
    dropped = dropped + count
    if w.total - dropped <= w.limit - 1 then return leaves end
  end
  return resetAt(w, now)
end

-- The window as stored from byte `at` of `stored` (nil: nothing stored), seen at `now`.
local function windowOf(spec, stored, at, now)
  local w = {
    limit = spec.limit, windowMs = spec.windowMs, bucketMs = spec.bucketMs, span = spec.windowMs / spec.bucketMs,
    current = math.floor(now / spec.bucketMs), total = 0, data = '', at = 1,
  }
  if stored == nil or at > #stored then return w end
  local windowMs, bucketMs, total, buckets, oldest = struct.unpack('<I4I4I4I4d', stored, at)
  if windowMs ~= w.windowMs or bucketMs ~= w.bucketMs or total == 0 then return w end
  w.total, w.oldest, w.newest, w.data, w.at = total, oldest, oldest + buckets - 1, stored, at + WINDOW
  local _, newestLeaves = bucketOf(w, w.newest)
  if newestLeaves <= now then
    -- Everything has left the window (a long pause): forget it all at once.
    w.total = 0
    return w
  end
  -- Only the oldest live bucket can be partly in: drop buckets from the old end while they are out,
  -- then the empty ones after them (the newest is live, so this stops there).
  local floor = w.current - w.span
  while true do
    local count, leaves = bucketOf(w, w.oldest)
    if count > 0 and (w.oldest > floor or (w.oldest == floor and leaves > now)) then break end
    w.total = w.total - count
    w.oldest = w.oldest + 1
    w.at = w.at + SLOT
  end
  return w
end

-- Counts a request at `now` in its bucket.
local function record(w, now)
  local current = w.current
  local offset = now - current * w.bucketMs
  local slot = struct.pack('<I4I4', 1, offset)
  if w.total == 0 then
    w.oldest, w.newest, w.data = current, current, slot
  else
    -- The new slots are built from the stored ones in one concatenation each.
    local data, first, last = w.data, w.at, w.at + (w.newest - w.oldest + 1) * SLOT - 1
    if current > w.newest then
      w.data = string.sub(data, first, last) .. string.rep('\0', (current - w.newest - 1) * SLOT) .. slot
      w.newest = current
    elseif current < w.oldest then
      -- A clock that went back: the request counts in a bucket before the oldest.
      w.data = slot .. string.rep('\0', (w.oldest - current - 1) * SLOT) .. string.sub(data, first, last)
      w.oldest = current
    else
      local at = first + (current - w.oldest) * SLOT
      local count, latest = struct.unpack('<I4I4', data, at)
      w.data = string.sub(data, first, at - 1) .. struct.pack('<I4I4', count + 1, math.max(latest, offset)) .. string.sub(data, at + SLOT, last)
    end
  end
  w.at = 1
  w.total = w.total + 1
end

-- Writes a subject's state; it expires once nothing in it can matter any more.
local function save(key, state, windows, now)
  local parts = { struct.pack('<dI4dI4', state.bannedUntil, state.strikes, state.strikesUntil, #windows) }
  local expires = math.max(state.bannedUntil, state.strikesUntil)
  for i, w in ipairs(windows) do
    local buckets = w.total > 0 and w.newest - w.oldest + 1 or 0
    parts[#parts + 1] = struct.pack('<I4I4I4I4d', w.windowMs, w.bucketMs, w.total, buckets, w.oldest or 0)
    if buckets > 0 then
      local length = buckets * SLOT
      parts[#parts + 1] = (w.at == 1 and #w.data == length) and w.data or string.sub(w.data, w.at, w.at + length - 1)
      -- Anything the newest bucket can hold has left the window one window after the bucket's end.
      expires = math.max(expires, (w.newest + 1) * w.bucketMs + w.windowMs)
    end
  end
  redis.call('SET', key, table.concat(parts), 'PX', math.max(1, expires - now))
end

-- Counts `count` refusals as strikes, the first at `first` and the last at `last` (countStrikes in
-- src/domain/access/rate-limit.ts); true when they begin a ban.
local function countStrikes(state, policy, first, count, last)
  if policy.threshold <= 0 then return false end
  if state.strikesUntil <= first then
    state.strikes, state.strikesUntil = 0, first + policy.strikeMs
  end
  state.strikes = state.strikes + count
  if state.strikes < policy.threshold then return false end
  state.bannedUntil, state.strikes, state.strikesUntil = last + policy.banMs, 0, 0
  return true
end

-- One decision on the subject at KEYS[k], with its arguments from ARGV[at].
local function decide(k, at)
  local now = timeOf(ARGV[at])
  local peeking = ARGV[at + 1] == 'peek'
  local policy = policies[tonumber(ARGV[at + 2])]
  local key = KEYS[k]

  local stored = redis.call('GET', key) or nil -- nil when nothing is stored (Redis gives false)
  local state = { bannedUntil = 0, strikes = 0, strikesUntil = 0 }
  local position = HEADER + 1
  if stored then
    state.bannedUntil, state.strikes, state.strikesUntil = struct.unpack('<dI4d', stored)
  end
  local windows = {}
  for i, spec in ipairs(policy.windows) do
    local w = windowOf(spec, stored, position, now)
    if stored and position <= #stored then
      local buckets = struct.unpack('<I4', stored, position + 12)
      position = position + WINDOW + buckets * SLOT
    end
    windows[i] = w
  end

  local function answer(outcome, bannedUntil, banStarted)
    local dropsAt = -1
    for _, w in ipairs(windows) do
      if w.total > 0 and outcome ~= 'admitted' then
        local _, leaves = bucketOf(w, w.oldest)
        if dropsAt < 0 or leaves < dropsAt then dropsAt = leaves end
      end
    end
    local out = { outcome, now, bannedUntil, banStarted and 1 or 0, dropsAt, state.strikes, state.strikesUntil }
    for _, w in ipairs(windows) do
      out[#out + 1] = w.total
      out[#out + 1] = resetAt(w, now)
      out[#out + 1] = retryAt(w, now)
    end
    return out
  end

  local mode = ARGV[at + 1]
  if mode == 'unban' then
    state.bannedUntil, state.strikes, state.strikesUntil = 0, 0, 0
    save(key, state, windows, now)
    peeking = true
  end

  local strikes, first = string.match(mode, '^strike:(%d+):(%d+)$')
  if strikes and state.bannedUntil <= now and policy.threshold > 0 then
    if countStrikes(state, policy, tonumber(first), tonumber(strikes), now) then
      save(key, state, windows, now)
      return answer('banned', state.bannedUntil, true)
    end
    save(key, state, windows, now)
  end
  if strikes then peeking = true end

  if state.bannedUntil > now then return answer('banned', state.bannedUntil) end

  local fits = true
  for _, w in ipairs(windows) do
    if w.total >= w.limit then fits = false end
  end

  if peeking then return answer(fits and 'admitted' or 'limited', 0) end

  if fits then
    for _, w in ipairs(windows) do record(w, now) end
    save(key, state, windows, now)
    return answer('admitted', 0)
  end

  if policy.threshold > 0 then
    if countStrikes(state, policy, now, 1, now) then
      save(key, state, windows, now)
      return answer('banned', state.bannedUntil, true)
    end
    save(key, state, windows, now)
  end
  return answer('limited', 0)
end

local replies = {}
for k = 1, #KEYS do
  replies[k] = decide(k, a + (k - 1) * 3)
end
return replies
