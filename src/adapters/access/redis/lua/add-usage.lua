-- One key's share of a flush, in one atomic call (all its hashes share its hash tag, so one slot):
-- KEYS[1..n-1] its bucket hashes, KEYS[n] its sightings hash.
-- ARGV, per bucket: ms to keep it, how many field/increment pairs follow, the pairs; then ms to keep
-- the sightings, then triples (operation, first ms, last ms). A sighting keeps the earliest first
-- call and the latest last call, as "<first ms>:<last ms>".
local a = 1
for k = 1, #KEYS - 1 do
  local ttl, count = ARGV[a], tonumber(ARGV[a + 1])
  a = a + 2
  for _ = 1, count do
    redis.call('HINCRBY', KEYS[k], ARGV[a], ARGV[a + 1])
    a = a + 2
  end
  redis.call('PEXPIRE', KEYS[k], ttl)
end
local seenTtl = ARGV[a]
a = a + 1
local seen = KEYS[#KEYS]
while a <= #ARGV do
  local first, last = tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  local known = redis.call('HGET', seen, ARGV[a])
  if known then
    local f, l = string.match(known, '^(%d+):(%d+)$')
    first, last = math.min(first, tonumber(f)), math.max(last, tonumber(l))
  end
  redis.call('HSET', seen, ARGV[a], string.format('%d:%d', first, last))
  a = a + 3
end
if redis.call('EXISTS', seen) == 1 then redis.call('PEXPIRE', seen, seenTtl) end
return 1
