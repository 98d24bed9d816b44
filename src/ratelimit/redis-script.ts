/**
 * The execution limit as one Lua script, so that the refill, the daily roll-over, the check
 * and the take happen atomically in Redis (no lost updates between servers, and a denied call
 * writes back only the refill, never a take). It is `step()` of bucket.ts, line for line, in
 * the same integer units; the shared behavioural tests hold the two together.
 *
 * One hash per API key {level, last, day, count}. It expires once it is indistinguishable
 * from a new bucket (full again and no count for today), so Redis drops idle keys itself.
 *
 * Time: ARGV[1] is the caller's unix ms (tests inject it); when empty the script reads the
 * Redis server's clock, one clock for every app server (Redis 7 replicates script effects, so
 * TIME is allowed).
 *
 * KEYS[1] bucket hash; ARGV: now ms or '', capacity, refill per minute, daily cap or -1.
 * Returns {decision (0 allowed, 1 burst, 2 daily), level, now, day, count}.
 */
export const BUCKET_SCRIPT = `
local TOKEN_UNITS = 60000
local DAY_MS = 86400000
local now = tonumber(ARGV[1])
if now == nil then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local capacity = tonumber(ARGV[2]) * TOKEN_UNITS
local refill = tonumber(ARGV[3])
local dailyCap = tonumber(ARGV[4])

local saved = redis.call('HMGET', KEYS[1], 'level', 'last', 'day', 'count')
local level, last, day, count = capacity, now, -1, 0
if saved[1] then
  level = tonumber(saved[1])
  last = tonumber(saved[2])
  day = tonumber(saved[3])
  count = tonumber(saved[4])
end
if now < last then now = last end
level = math.min(capacity, level + (now - last) * refill)
local today = math.floor(now / DAY_MS)
if day ~= today then count = 0 end

local decision = 0
if dailyCap >= 0 and count >= dailyCap then
  decision = 2
elseif level < TOKEN_UNITS then
  decision = 1
else
  level = level - TOKEN_UNITS
  if dailyCap >= 0 then count = count + 1 end
end

local fmt = '%.0f'
redis.call('HSET', KEYS[1], 'level', string.format(fmt, level), 'last', string.format(fmt, now),
  'day', string.format(fmt, today), 'count', string.format(fmt, count))
local ttl = math.ceil((capacity - level) / refill)
if count > 0 then ttl = math.max(ttl, (today + 1) * DAY_MS - now) end
redis.call('PEXPIRE', KEYS[1], string.format(fmt, math.max(ttl, 1000)))
return {decision, level, now, today, count}
`;
