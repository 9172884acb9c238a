-- Decides requests under sliding windows and a ban, in one atomic step: a batch of decisions taken in
-- order, each exactly as if it had been sent alone (a later one sees what an earlier one counted).
-- The same rules as src/domain/rate-limit.ts (the contract suite holds both to the same answers).
--
-- Each decision's keys follow the keys of the decision before it in KEYS, its arguments in ARGV:
-- keys         the subject's ban state: hash { bu = banned until, s = strikes, su = strikes until };
--              then one hash per window: { t = total counted, o = oldest live bucket, n = newest bucket,
--              <bucket index> = "<requests>:<ms from the bucket's start to its latest request>" };
--              at most span + 1 buckets plus 3 fields
-- arguments    now in ms, or "" to take the time from Redis (so instances with skewed clocks agree);
--              "admit" to decide and count a request, "peek" to say what one would get (nothing counted);
--              the number of windows; ban threshold (0 = off), ban duration ms, strike window ms;
--              then per window: limit, window ms, bucket ms
-- Returns      one reply per decision: { outcome, now, bannedUntil, banStarted (1 for the request that
--              began a ban, else 0), then per window: used, resetAt, retryAt }
--
-- A bucket counts, whole, while its latest request is inside the window (now - window, now], so it
-- leaves exactly one window after that request: no stated time is ever more than a window ahead.

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

-- A bucket's request count and the time its latest request leaves the window (0, 0 when empty).
local function bucketOf(w, b)
  local value = redis.call('HGET', w.key, tostring(b))
  if not value then return 0, 0 end
  local count, offset = string.match(value, '^(%d+):(%d+)$')
  return tonumber(count), b * w.bucketMs + tonumber(offset) + w.windowMs
end

-- One decision, whose keys start at KEYS[k] and arguments at ARGV[a].
local function decide(k, a)
  local now = timeOf(ARGV[a])
  local peeking = ARGV[a + 1] == 'peek'
  local windowCount = tonumber(ARGV[a + 2])
  local threshold = tonumber(ARGV[a + 3])
  local banMs = tonumber(ARGV[a + 4])
  local strikeMs = tonumber(ARGV[a + 5])
  local banKey = KEYS[k]

  local windows = {}
  for i = 1, windowCount do
    local base = a + 6 + (i - 1) * 3
    local limit, windowMs, bucketMs = tonumber(ARGV[base]), tonumber(ARGV[base + 1]), tonumber(ARGV[base + 2])
    local w = {
      key = KEYS[k + i], limit = limit, windowMs = windowMs, bucketMs = bucketMs, span = windowMs / bucketMs,
      current = math.floor(now / bucketMs),
    }
    local state = redis.call('HMGET', w.key, 't', 'o', 'n')
    w.total, w.oldest, w.newest = tonumber(state[1]) or 0, tonumber(state[2]), tonumber(state[3])
    if w.total > 0 then
      local _, newestLeaves = bucketOf(w, w.newest)
      if newestLeaves <= now then
        -- Everything has left the window (a long pause): forget it all at once.
        redis.call('DEL', w.key)
        w.total, w.oldest, w.newest = 0, nil, nil
      else
        -- Only the oldest live bucket can be partly in: drop buckets from the old end while they are out.
        local floor = w.current - w.span
        local oldest = w.oldest
        while oldest <= floor do
          local count, leaves = bucketOf(w, oldest)
          if oldest == floor and leaves > now then break end
          if count > 0 then
            w.total = w.total - count
            redis.call('HDEL', w.key, tostring(oldest))
          end
          oldest = oldest + 1
        end
        if oldest ~= w.oldest then
          w.oldest = oldest
          redis.call('HSET', w.key, 't', w.total, 'o', oldest)
        end
      end
    end
    windows[#windows + 1] = w
  end

  local function resetAt(w)
    if w.total == 0 then return now end
    local _, leaves = bucketOf(w, w.newest)
    return leaves
  end

  -- When enough of the oldest buckets have left the window for one more request.
  local function retryAt(w)
    if w.total < w.limit then return now end
    local dropped = 0
    for b = w.oldest, w.newest do
      local count, leaves = bucketOf(w, b)
      dropped = dropped + count
      if w.total - dropped <= w.limit - 1 then return leaves end
    end
    return resetAt(w)
  end

  local function answer(outcome, bannedUntil, banStarted)
    local out = { outcome, now, bannedUntil, banStarted and 1 or 0 }
    for _, w in ipairs(windows) do
      out[#out + 1] = w.total
      out[#out + 1] = resetAt(w)
      out[#out + 1] = retryAt(w)
    end
    return out
  end

  local ban = redis.call('HMGET', banKey, 'bu', 's', 'su')
  local bannedUntil = tonumber(ban[1]) or 0
  if bannedUntil > now then return answer('banned', bannedUntil) end

  local fits = true
  for _, w in ipairs(windows) do
    if w.total >= w.limit then fits = false end
  end

  if peeking then return answer(fits and 'admitted' or 'limited', 0) end

  if fits then
    for _, w in ipairs(windows) do
      local field = tostring(w.current)
      local count = bucketOf(w, w.current)
      local offset = now - w.current * w.bucketMs
      local previous = redis.call('HGET', w.key, field)
      if previous then offset = math.max(offset, tonumber(string.match(previous, ':(%d+)$'))) end
      redis.call('HSET', w.key, field, string.format('%d:%d', count + 1, offset))
      w.total = redis.call('HINCRBY', w.key, 't', 1)
      if w.oldest == nil then
        w.oldest = w.current
        redis.call('HSET', w.key, 'o', w.oldest)
      end
      if w.newest == nil or w.current > w.newest then
        w.newest = w.current
        redis.call('HSET', w.key, 'n', w.newest)
        -- The hash expires once anything its newest bucket can hold has left the window.
        redis.call('PEXPIRE', w.key, (w.newest + 1) * w.bucketMs + w.windowMs - now)
      end
    end
    return answer('admitted', 0)
  end

  if threshold > 0 then
    local strikes, strikesUntil = tonumber(ban[2]) or 0, tonumber(ban[3]) or 0
    if strikesUntil <= now then
      strikes, strikesUntil = 0, now + strikeMs
    end
    strikes = strikes + 1
    if strikes >= threshold then
      bannedUntil = now + banMs
      redis.call('HSET', banKey, 'bu', bannedUntil, 's', 0, 'su', 0)
      redis.call('PEXPIRE', banKey, banMs)
      return answer('banned', bannedUntil, true)
    end
    redis.call('HSET', banKey, 's', strikes, 'su', strikesUntil)
    redis.call('PEXPIRE', banKey, strikesUntil - now)
  end
  return answer('limited', 0)
end

local replies = {}
local k, a = 1, 1
while a <= #ARGV do
  local windowCount = tonumber(ARGV[a + 2])
  replies[#replies + 1] = decide(k, a)
  k = k + 1 + windowCount
  a = a + 6 + windowCount * 3
end
return replies
