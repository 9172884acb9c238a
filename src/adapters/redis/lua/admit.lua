-- Decides one request under sliding windows and a ban, in one atomic step.
-- The same rules as src/domain/rate-limit.ts (the contract suite holds both to the same answers).
--
-- KEYS[1]      ban state of the subject: hash { bu = banned until, s = strikes, su = strikes until }
-- KEYS[2..]    one hash per window: { t = total counted, o = oldest bucket counted, n = newest bucket,
--              <bucket index> = requests in that bucket }; at most span + 1 buckets plus 3 fields
-- ARGV[1]      now in ms, or "" to take the time from Redis (so instances with skewed clocks agree)
-- ARGV[2..4]   ban threshold (0 = off), ban duration ms, strike window ms
-- ARGV[5..]    per window: limit, window ms, bucket ms
-- Returns      { outcome, now, bannedUntil, then per window: used, resetAt, retryAt }

local now = tonumber(ARGV[1])
if not now then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local threshold = tonumber(ARGV[2])
local banMs = tonumber(ARGV[3])
local strikeMs = tonumber(ARGV[4])

local windows = {}
for i = 2, #KEYS do
  local base = 5 + (i - 2) * 3
  local limit, windowMs, bucketMs = tonumber(ARGV[base]), tonumber(ARGV[base + 1]), tonumber(ARGV[base + 2])
  local key = KEYS[i]
  local span = windowMs / bucketMs
  local current = math.floor(now / bucketMs)
  local floor = current - span
  local state = redis.call('HMGET', key, 't', 'o', 'n')
  local total, oldest, newest = tonumber(state[1]) or 0, tonumber(state[2]), tonumber(state[3])
  if total > 0 and oldest ~= nil and oldest < floor then
    -- Buckets that have left the window: forget them (all of them at once after a long pause).
    if floor - oldest > span + 1 then
      total = 0
    else
      for b = oldest, floor - 1 do
        local count = tonumber(redis.call('HGET', key, tostring(b)))
        if count then
          total = total - count
          redis.call('HDEL', key, tostring(b))
        end
      end
      if total > 0 then redis.call('HSET', key, 't', total, 'o', floor) end
    end
    if total <= 0 then
      redis.call('DEL', key)
      total, oldest, newest = 0, nil, nil
    end
  end
  windows[#windows + 1] = {
    key = key, limit = limit, span = span, bucketMs = bucketMs,
    current = current, floor = floor, total = total, oldest = oldest, newest = newest,
  }
end

local function resetAt(w)
  if w.total == 0 then return now end
  return (w.newest + w.span + 1) * w.bucketMs
end

-- When enough of the oldest buckets have left the window for one more request.
local function retryAt(w)
  if w.total < w.limit then return now end
  local dropped = 0
  for b = w.floor, w.newest do
    dropped = dropped + (tonumber(redis.call('HGET', w.key, tostring(b))) or 0)
    if w.total - dropped <= w.limit - 1 then return (b + w.span + 1) * w.bucketMs end
  end
  return (w.newest + w.span + 1) * w.bucketMs
end

local function answer(outcome, bannedUntil)
  local out = { outcome, now, bannedUntil }
  for _, w in ipairs(windows) do
    out[#out + 1] = w.total
    out[#out + 1] = resetAt(w)
    out[#out + 1] = retryAt(w)
  end
  return out
end

local ban = redis.call('HMGET', KEYS[1], 'bu', 's', 'su')
local bannedUntil = tonumber(ban[1]) or 0
if bannedUntil > now then return answer('banned', bannedUntil) end

local fits = true
for _, w in ipairs(windows) do
  if w.total >= w.limit then fits = false end
end

if fits then
  for _, w in ipairs(windows) do
    redis.call('HINCRBY', w.key, tostring(w.current), 1)
    w.total = redis.call('HINCRBY', w.key, 't', 1)
    if w.oldest == nil then redis.call('HSET', w.key, 'o', w.floor) end
    if w.newest == nil or w.current > w.newest then
      w.newest = w.current
      redis.call('HSET', w.key, 'n', w.newest)
      -- The hash expires when its newest request has left the window.
      redis.call('PEXPIRE', w.key, (w.newest + w.span + 1) * w.bucketMs - now)
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
    redis.call('HSET', KEYS[1], 'bu', bannedUntil, 's', 0, 'su', 0)
    redis.call('PEXPIRE', KEYS[1], banMs)
    return answer('banned', bannedUntil)
  end
  redis.call('HSET', KEYS[1], 's', strikes, 'su', strikesUntil)
  redis.call('PEXPIRE', KEYS[1], strikesUntil - now)
end
return answer('limited', 0)
