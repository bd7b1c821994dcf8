import type { Member, StoredMedia, StoredMessage, Thread } from '../types';
import { SANDBOX_LEADS } from './named-leads';
import { SANDBOX_MEMBER_ID } from './members';
import { MAIN_PROVIDER_ID } from './providers';

/**
 * Chat history for the sandbox: a photo in the token member's thread, a longer conversation
 * (older pages to scroll up to) on the purchased lead, and a 10,000-message thread for the
 * virtualisation benchmark whose messages are generated on demand from their index (never
 * stored: a page of it costs what it shows).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The long thread: provider 1001 with a member of its own who holds no lead. */
export const SANDBOX_LONG_THREAD = {
  spId: MAIN_PROVIDER_ID,
  memberId: 5090,
  messageCount: 10_000,
  /** The newest generated message is this long before the seed's `now`. */
  endsBeforeNowMs: DAY,
  /** Time between two generated messages. */
  stepMs: 37 * MINUTE,
} as const;

/** The thread with older pages: provider 1001 and the member of the purchased lead. */
export const SANDBOX_HISTORY_THREAD = { spId: MAIN_PROVIDER_ID, memberId: 5003, leadId: SANDBOX_LEADS.purchased, messageCount: 40 } as const;

/** A photo of a leaking water heater the token member sent in the seeded thread. */
export const SEEDED_PHOTO = {
  mediaSid: `ME${'0'.repeat(31)}1`,
  contentType: 'image/jpeg',
  filename: 'water-heater.jpg',
  // A 480 × 360 JPEG (8.6 kB, drawn for the sandbox): twice the 240 × 180 the thread shows it
  // at, so it is sharp on a phone's 2× screen (a 48 × 36 image was a blur).
  base64:
    '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAA' +
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAA' +
    'AChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA' +
    'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBu' +
    'AGMALgAgADIAMAAxADb/2wBDAAkGBwgHBgkIBwgKCgkLDRYPDQwMDRsUFRAWIB0iIiAdHx8kKDQsJCYxJx8fLT0tMTU3Ojo6Iys/RD84QzQ5Ojf/2wBDAQoKCg0MDRoPDxo3JR8lNzc3Nzc3Nzc3Nzc3Nzc3Nzc3' +
    'Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzf/wAARCAFoAeADASIAAhEBAxEB/8QAHAABAAIDAQEBAAAAAAAAAAAAAAEDAgQFBgcI/8QATxAAAQMCAAUMDQgJBQEBAAAAAAECAwQRBQYSEzEVMzVTY3Fy' +
    'gpKhsdEWISMyQVFhc6KjssHSFDRDRIGDkeIHIkJFUlVlpMJUYmSU4ZPw/8QAGQEBAQEBAQEAAAAAAAAAAAAAAAEDAgQF/8QAKhEBAAEEAQIFBAIDAAAAAAAAAAECAxESMgQxEyEzQXEVUYHwBSMUImH/2gAMAwEA' +
    'AhEDEQA/APpIAMWgAAAAAAAAAAAAAAADCo1iTgL0Cn1iPgp0ET6xJwF6BBrEfBToAsAAAAAAAAAAAAAAAB5XCOz1Rvt9lDQw93q7xv4Q2eqN9vsoaGHu9XePm185+X1qOFPxD3IAPpPkgAA4GNOvUXH/AMTn1/zN' +
    'u8b+NOvUXH/xNCv+Zt3jwXvUl9Ox6UO1ivsFTb7/AG3HVOVivsHTb7/bcdU9lHGHz7nOfkAB24AAAAAGFRrEnAXoFPrEfBToIn1iTgL0CDWI+CnQBYAAAAAAAAAAAAAAAAAAIAAAAAAAAAAAAAAAAAAGE+sScFeg' +
    'QaxHwU6CJ9Yk4K9Ag1iPgp0AWAAAAAAAAAAAAAAAA8thDZ6o32+yhoYe71d43sIbO1G+32UNHD3ervHza+c/L61HCn4h7gAH0nyQAAcDGjXqLj/4mhX/ADNu8b+NGvUXH/xNCv8Ambd48F71JfTselDs4r7B02+/' +
    '23HVOVivsHT77/bcdU9lHGHz7nOfkAB24AAAAAGE+sScFegQaxHwU6CJ9Yk4K9Ag1iPgp0AWAAAAAAAAAAAAAAAAAACAQAJBAAkEACQQAJBAAkEACQQAMZ9Yk4K9Ag1iPgp0ET6zJwV6BBrMfBToAsBAAkEACQQA' +
    'JBAAkEACQQAPL4Q2dqN9vsoaOHu9XeN6v2dqN9vsoaOHu9XePm185+X1qOFPxD24IB9J8lIIAHBxn16i4/8AiaNf8zbvG9jPr1Fx/wDE0a/5m3ePBe9SX07HpQ7OLGwdPvv9tx1DlYsbCU++/wBtx1D2UcYfPuc5' +
    '+UggHbhIIAEggAYz6xJwV6BBrEfBToIn1mTgr0CDWY+CnQBYCABIIAEggASCABIIAEggASCAABAAkEACQQAJBAAkEACQQAJBAAxn1mTgr0CDWY+CnQRNrMnBXoEOsx8FOgCwEACQQAJBAAkEACQQYuexnfua3fWw' +
    'GYNd1ZTN01EXLQrdhOjbpnb9iKpcSmYcOv2dqN9vsoaOHu9XeNyqekuFZp40V0bsmyoi9uzUQ0MOvujf1XJl6LpY8M2bk1ziH0qb9umiM1ez3IPLdl//AAfXflHZf/wfXflPf4dT5m8PUg8t2X/8H135R2X/APB9' +
    'd+UeHUbw28ZteouP/iaNf8zbvGphLDqV8kDlp82kd/28q97eRPEbdWjn06MRj8pPG1UPFes3N5nD6Fi9bi3ETLsYsbCU++/23HUOHgKsgpMGQwVEmRI1XXRUXwuVfedJuEKR2ioZ9q2PVRTVFMZh47lUTXMxLaBU' +
    '2ogf3k0bt5yKWXK5SCABIIAGM+sycFegQazHwU6CJtZk4K9Ah1mPgp0AWAgASCABIIAEggASCABIIAEggAAQAJBAAkEACQQAJBAAkEACQQAMZtZk4K9Ah1mPgp0ETay/gqIdZj4KAWAgASCABJrz1kMDka5yueuh' +
    'jEu5fsLJcvNPzff5K5O/4CjAzqd1OixqizKl5b98q+U7opy5qqwJLXS6zStjTwOmd7kHyOtk12tRifwxs950QaxTEOMy5+pca67UVEnCk7RmzBVE3t5hFX/cqqboKihtHSt72niTiIWtjY3vWNTeQyAA8tjzG90d' +
    'HI1qqxqvRyomi+TboU9SAj5SD6sC5MPlIPqwGTD5ZFG+WRscbVc9y2RETSfUwAIVEXSlyt1PA7voY132oWgitV+D6N+mmj+xtugqXBFIi3jR8a/7Hqb4COeuDpW6zXTt4dnkZvCUWh0E6eVFavUdEEmIlcy5q1yx' +
    'Largkg/3L+s38UNpjmvajmORzV0Ki6S9yojVyrW8NzlUbolwhUNpHJmEaiuRNCOXxGdVERGYd01TnDdm1mTgr0CHWY+CnQRNrL+Coh1mPgoZu1gIAEggASCABIIAEggASCABIIAEApzG6y8oZjdZeUBcCnMbrLyh' +
    'mN1l5QFwKcxusvKGY3WXlAXApzG6y8owza5/Izslsm/feUDZBTmN1l5QzG6y8oC4FOY3WXlDMbrLygLgU5jdZeUMxusvKAsm1l/BUQ6yzgoVrT3SyyyqnCCU9ksksqJwgLgU5jdZeUMxusvKAuBTmN1l5QzG6y8o' +
    'C4841iKqO7aOTQ5FsqHdzG6y8o4kZra92dxtRVFbH3lRlJ4pEvz6TaZhKqbrtK1/ljfbmU1IzYjNWbYTC0Sa5BUM32dozZhWid2s+iL/ALkVDCMvRjH9+1rt9LhWTayld3tREvHQtbIx3evau8pUlDSP76miXiIZ' +
    'JgfB7++pm/Yqp0KQWgxbgDB66I3t3pHdYdgKkTvZKhu9KoVkClcCwpoqqxPvf/DBcDsTRWVqfe/+BGyDTXBSf62tX73/AMMFwY1PrVWv3oG+Dmuwczwz1K78pU7B8PhWRd96lHWVUTStit1RA3vpo033Icd1BTJ9' +
    'HffcpgtNA3RE0GXWfhCjZpqY/sdfoKX4Zok717n8Fi+85bo2N0Mam8hS8YMunJh2NNbp5HcJUb1mlPh2qdrbWRpvXU0nlDxhE1VbU1GuzOcniv2vwOjisvbqr/7PecZ51sWmZa1P6722ye9W3jObnF1Ryd+bWX8F' +
    'RDrLOChWtPdLLLKqcIJT2SySyonCPO2XApzG6y8oZjdZeUBcCnMbrLyhmN1l5QFwKcxusvKGY3WXlAXApzG6y8oZjdZeUBcCnMbrLyhmN1l5QFwKcxusvKGY3WXlAXApzG6y8oZjdZeUBaAAAAAAAAVfW/u/eWlP' +
    '1r7v3gXAAAAAAAAAAAAAAAAHn4z0B5+M1te7O42YzYjNeM2IzVm2IzZjNaM2YwrYjNmM1ozZjIrYjDhGHEFbipxa4qcUVOK3FjitwRU8oeXvKHlFDyh5e8oeEa7yh5e8oeUa7yh5e8oeBQ87GK+mq4nvOO87GK+m' +
    'q4nvOLnFaOTvAA87cAAAAAAAAAAAAAAAAAAEAgASCABIIAElX1r7v3lhV9a4nvAuBAAkEACQQAJBAAkEACQQAJOBGd44MZra92dxsxmxGa8ZsRmrNsRmzGa0ZsxhWxGbMZrRmzGRWxGHCMOIK3FTi1xU4oqcVuLH' +
    'Fbgip5Q8veUPKKHlDy95Q8I13lDy95Q8o13lDy95Q8Ch5ZRYRmoHPSFsbs5a+Wiro+3ylbyyiwdNXuesLo25u18tVTT9nkMeo28Kde7bp9fFjbs6kOGamS12RfYi9ZuNrpVYrsll95es04cD1Edrvi+xV6jcbQyo' +
    'xW5TL76nzf7n0p/x/wDjTqMM1MV8lkX2ovWcyfGmujWzYqb7Wu6zpVGBqiXvXxJvqvUeTwlGsM8kTlRXMcrVtouikqqu091pos1doe2xdwjNhOifPUNja5sqsRGIqJayL4VXxnUPP4lbFS+fX2WnfPXbmZpiZeK7' +
    'ERXMQkEA7ZpBAAkEACQQAJBAAAgASCABIIAElX1rie8sK/rPE94FoIAEggASCABIIAEggASCABJwYzunCjNbXuzuNmM2IzXjNiM1ZtiM2YzWjNmMK2IzZjNaM2YyK2Iw4RhxBW4qcWuKnFFTitxY4rcEVPKHl7yh' +
    '5RQ8oeXvKHhGu8oeXvKHlGu8oeXvKHgUPOvixpquJ7zkPOvixpqeJ7zi5xWjk7oIB526T53hzZGp88/pU+hnzzDmyNT55/Sp5uo7Q9fScpekxK2Kl8+vstPQHn8Sti5fPr7LTvmtrhDG96kpBANGSQQAJBAAkEAC' +
    'QQAAIAEggASCABJV9Z4nvLCv6zxPeBaCABIIAEggASCABIIAEggAScKM7hw4zW17s7jZjNiM14zYjNWbYjNmM1ozZjCr0cjGq5y2RC1kj9KU86p5tU6SlO3LTouhZW9Z2jOqqYl1ENFtQ5NNNUcgLUOX6tUcg3gc' +
    '7S6xDnLM9fq0/IMFkkX6tPyDqAbymIchVlX6tPyDBUmX6tPyTtAbyaw4LmTr9Wm5JU6GoXRSzck9GBvJrDy7qWqXRSzck1p4pYlRJonx30ZTbXPYnMxiRFweiqnbSRtucsVzlJph5d5Q8veUPNnDXeUPL3lDwKHn' +
    'WxZ01PE95yXnWxZ01PF95xc4rRyd0EA87dJ88w3sjU+ed0qfQj57hvZGp887pU83UdoevpOUvSYl7Fy+fX2WnfPP4l7Fy+fX2WnfNbXCGN71JSCAaMkggASCABIIAEggAAQAJBAAkEACSr6xxPeWFf1jie8C0EAC' +
    'QQAJBAAkEACQQAJBAAk4cZ2ziRmtr3Z3GzGbEZrxmxGas2xGbMZrRmzGFXN16n8602sYaWprcDVVNQvyKiRlmLe3hS6X8qXT7TVbr1P51p0sJVfyGhlqc26TNpfIbpXtmNyMy1t1TTMTD5YuJuMF/mF/vo/iI7DM' +
    'YP5f66P4j1vZv/TvX/lHZv8A071/5TzeDR93v+o3ftH7+XkuwzGD+X+uj+IdhmMH8v8AXR/Eet7N/wCnev8Ayjs3/p3r/wAo8Gj7n1G79o/fy8l2GYwfy/10fxDsMxg/l/ro/iPW9m/9O9f+Udm/9O9f+UeDR9z6' +
    'jd+0fv5eS7DMYP5f66P4h2GYwfy/10fxHvMC4zaqVzab5E6O6KuWkmUiWTw9pD0A8Ck+o3ftH7+XgcTMXMM4Nwwyoq4/k9OjXI9uda7LunaSyKvhsv2Hq8Ytj/vGnTOZjFsf9401opinyh5L96q9VtU8u8oeXvKH' +
    'nreVrvKHl7yh4FDzrYtaani+85LzrYtaani+84ucVo5O4CAeduk+e4b2QqfPO6VPoJ8+w3shU+dd0qebqO0PX0nKXo8TNi5fPr7LTvnn8TNi5fPr7LTvmtrhDG96kpBANGSQQAJBAAkEACQQAKu7bnzju2585YAK' +
    '+7bnzju2585YAK+7bnzju2585YAK+7bnzkZMuXlfqXtbwloAr7tufOO7bnzlgAr7tufOO7bnzlgAr7tufOO7bnzlgAr7tufOO7bnzlgAr7tufOO7bnzlgAr7tufOO7bnzlgAr7tufOcmM7RxYzW17s7jZjNiM14z' +
    'YjNWbYjNmM1ozZjCrm69T+dadOuq4qGkkqZ8rNxpdclLrpscxuvU/nWnUrJKeGlkkq1akCJ+vlpdLbxjX3d09nC7M8HbTV8hvxDszwdtNXyG/ENUsVdrpP8AqL8I1SxV2uk/6i/CcOjszwdtNXyG/EOzPB201fIb' +
    '8Q1SxV2uk/6i/CNUsVdrpP8AqL8IDszwdtNXyG/EOzPB201fIb8RfRTYuV06QUsFI+RUujfk1r/i06OpWDv5fSf/ABb1DzHH7M8HbTV8hvxG3gzGSiwlVtpoWTskciqmW1ERbJfwKpu6lYO/l9J/8W9RZBQ0lO/L' +
    'p6WCJ1rZTI0avMPMXnMxi2P+8adM5mMWx/3jSx3SXl3lDy95Q89LJrvKHl7yh4FDzp4u5d6jIyf2b3+05jzq4t6ani+84ucVo5Ov3bc+cd23PnLAedur7tufOeCw1f5fUX0511/xU+gnz/DeyFT513Sp5uo7Q9fS' +
    'cpegxPzmpkuRk2z66eC07ndtz5zi4m7Fy+fX2WneNbXCGN71JV923PnHdtz5ywGjJVlS5eT+pe1/CT3bc+cfWOJ7ywCvu25847tufOWACvu25847tufOWACvu25847tufOWACAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'ONGdk40Zra92dxsxmxGa8ZsRmrNsRmzGa0ZsxhVzdep/OtOtU08VVA+CoYj43pZzV8JyFR36jmJdzHo5E8dl0fgb6YQYumCdF8WRfoUyrjzd09mp2MYH/wBH61/WOxjA/wDo/Wv6zdSuauiCo5A+XN2io5Bxh1lp' +
    'djGB/wDR+tf1jsYwP/o/Wv6zc+Xs2ifkEaox7TPyBgyrosCYOoZ0npaZGSIlkdluW34qdA09Uotqn5BGqcO1T8gYTLdBo6qwJ9HNyDFcL06aWTcgYkdA5mMWx/3jTJcNUqaWzcg5+F8JR1cDYYWPREcjnOclvsQs' +
    'ROSZcV5Q8veUPPQya7yh5e8oeBQ86uLemp4vvOU86uLmmp4vvOLnFaOTtAA87cPAYb2QqfOu6VPfngMNbIVPnXdKnm6jtD19Jyl6HE3YuXz6+y07xwcTdjJfPr7LTvGtrhDG96kgANGTD6fie8zK/p+L7ywAAAAA' +
    'AAACAAAAAAAAAAAAAAAAAAAAAAAAAAAOPGdg48Zra92dxsxmxGa8ZsRmrNsRmzGa0ZsxhWxGbMZrRmzGRWxGHCMOIK3FTi1xU4oqcVuLHFbgip5Q8veUPKKHlDy95Q8I13lDy95Q8o13lDy95Q8Ch51MXNNTxfec' +
    't51MXNNTxfecXOK0cnaAB524eBw1shU+dd0qe+PAYa+f1HnXdKnm6jtD19Jyl6LE7YyXz6+y07pwcTtjJfPr7LTvGtrhDG96kgANGTD6fi+8zK/p+L7ywAAAAAAAACAAAAAAAAAAAAAAAAAAAAAAAAAAAORGdc5E' +
    'Zra92dxsxmxGa8ZsRmrNsRmzGa0ZsxhWxGbMZrRmzGRWxGHCMOIK3FTj55X/AKV6eKqkjpMFPnia5UbI6oyMry2yV6TVX9LN/wByf3f5Cj6Q4rcfOV/Svf8Acn93+QxX9Kl/3L/d/kCPobyh5ycVsZYMZKWaSOF0' +
    'EsLkSSNzsq19Covh0L+B1nlFDyh5e8oeEa7yh5e8oeUa7yh5e8oeBQ86mLumo4vvOW86eLumo4vvOLnFaOTtAA87cPA4a+f1HnXdKnvjwOGvn9R513Sp5uo7Q9fScpehxO2Ml8+vstO6cLE/YyXz6+y07pra4Qxv' +
    'epIADRkw+m4vvMzD6bi+8zAAAAAAAAAgEACQQAJBAAkEACQQAJBAAkEACQQAJBAAkEACTkxnVOVGa2vdncbMZsRmvGbEZqzbEZsxmtGbMYVsRmzGa0ZsxkVsRhwjDiD8um/QYPz7c5KqozwImlTQPQ0DmupIlb4G' +
    '2XfMOprqop/1fR/jbFu9dmK/aOymXBcDm2jux3gW9zjzROhldG9O21T0xwsLOa6rXJ/ZaiLvmPTXa6qtZ83s/k+ltUW4rojE5e5/RFowt9z/AJnv3ngP0RaMLfc/5nv3nvh8GVDyh5e8oeEa7yh5e8oeUa7yh5e8' +
    'oeBQ86eLumo4vvOY86eL2mo4vvOLnFaOTsggHnbpPBYa+f1HnXdKnvDweGvn9R513SebqO0PX0nKXoMT9jJfPr7LTunCxP2Ml8+vstO4a2uEMb3qSkEA0ZMfpuKZmH0vFMgJBAAkEACQQANTVOj270V6hqnR7d6K' +
    '9R5u4uXCZek1To9u9Feoap0e3eivUebuLjBl6TVOj270V6hqnR7d6K9R5u4uMGXpNU6PbvRXqGqdHt3or1Hm7i4wZek1To9u9Feoap0e3eivUebuLjBl6TVOj270V6hqnR7d6K9R5u4uMGXpNU6PbvRXqGqdHt3o' +
    'r1Hm7i4wZek1To9u9Feoap0e3eivUebuLjBl6TVOj270V6hqnR7d6K9R5u4uMGXpNU6PbvRXqGqdHt3or1Hm7i4wZek1To9u9Feo1Yzi3O1Ga2o7s62zGbEZrxmxGaOGxGbMZrRmzGFbEZsxmtGbMZFbEYcIw4g/' +
    'LqorVVFSyp2lQvpauWmVciytXS1T7tXYk4uVtTJUVGDGLLIqucrJHsRV8dmuRDVXEDFdP3Z/cS/ESaYqjEu6LlVuramcS+OSYWlc20bGsXx3uc9VVyqqrdV7aqfb1xCxYT92f3EvxGC4iYtJ+7f7iX4iUW6aOMO7' +
    '3UXb0/2Tl5j9ESLk4WW3aXM9vlnv3lWDsF0WCadYMH07II1W6o26qq+NVXtqWvNGCh5Q8veUPCNd5Q8veUPKNd5Q8veUPAoebuBqmGmWbPPycrJt2lXxmk8qTSpzXxWnu9LqnR7d6K9Q1To9u9Feo83cXPPhtl6T' +
    'VOj270V6jxuF3I+sme1btdI5UXyXN65py0sk8yIiWRy6fEYX6JqiIph6emrppmZqnDsYr1kFPg+Rk0mS5ZlW1lXtWQ7GqdHt3or1HlqeF1Mj43Lezu0vj7SFtzSimaaYiWV2qKq5mOz0mqdHt3or1DVOj270V6jz' +
    'dxc7wzy9FqlSZy+d7Vrd6vUZap0e3eivUebuLjBl6TVOj270V6hqnR7d6K9R5u4uMGXpNU6PbvRXqGqdHt3or1Hm7i4wZek1To9u9Feoap0e3eivUebuLjBljcXMLi5UZ3FzC4uBncXMLi4GdxcwuLgZ3FzC4uBn' +
    'cXMLi4GdxcwuLgZ3FzC4uBncXMLi4GdxcwuLgZ3O5GcC534zW37uK2zGbEZrxmxGduGxGbMZrRmzGFbEZsxmtGbMZFbEYcIw4grcVOLXFTiipxW4scVuCKnlDy95Q8ooeUPL3lDwjXeUPL3lDyjXeUPL3lDwKHlK' +
    '6S55Q7Sc18Vp7puLmFxcwas7mcK91bvlNy6lS8zfJ2zqiM1QlXlTJOvdnb5hcSuvI5fKphcVedUlPlEM7i5hcXOVZ3FzC4uBncXMLi4GdxcwuLgZ3FzC4uBjcXMbi4GVxcxuLgZXFzG4uBlcXMbi4GVxcxuLgZXF' +
    'zG4uBlcXMbi4GVxcxuLgZXFzG4AyuLkCxcGU3O/TvbIxHMW6KedlR2bdkd9btGlDPPTyK6KR7HeHt6d87pnDmrze6jNiM8hT4w1MdkljjkTx96p06bGamVyJNDJGnjSzkQ7zEuMPSRmzGcunwnSytyo5Mpvjal7f' +
    'gWJhrBzFtJUoxfE9rm9KFlIl2IzZjOTDhjBrtFfTJvyInSbkWEKJdFZTrvSt6yOnSjDiiKspV0VMK70iGazxLolYu85CA4qcWK5F0Ki7ylbiipxW4scVuCKnlDy172Jpc1PtNaSeJNMrE4yFGDyh5MlVTppniTjo' +
    'a0lbSN01UKfeIEHlDzCTCVEn1mNd5bmrJhWiT6a+81eoZFryh5rS4Xpv2UkdvIakuFr63D9rlGYXEt15rPXtnPlrJ5e0rslPE3tCjzmX2r5HhOKqsxh1TTict64uYgydsrmxTLkRySL4Esn/AO/A1bm0ypZDC1jE' +
    'Ryqn61/AppbxE5mXFzMxiIa9xcxuLmbtlcXMbi4GVxcxuLgZXFzG4uBlcXMbi4GVxcxuLgYXFzG4uBlcXMbi4GVxcxuLgZXFzG4uBlcXMbi4GVxcxuLgZXJuYXJRSjIlCEJRSxCZShkiGKGSHUQ5mUohKIEJQ6iH' +
    'OREIfCyTv2opmhKHWEy1XULF7xypv9sqdQyJ3qtU6KEoXWE2ctIKiJ2U1r2qnhavUbLa+tY3Jk/Xb4pGXN1CUOopczU0UrIHa9QwrwFVoy8Gu008zOC6/Sb2S1dKIu+MzEumNnJQuqbNHJwYvhqk5IyMG+B9T+CG' +
    '98nhX6Nv4D5JAv0aF0TdoZGDv46ld5GmtM2POLmMvN+DLtfmOx8jg/gT8VHyKn/g51HhniQ4mSMk7XyKn/g51I+RwbXzqTw18RxckWO18kg2tPxI+TQp9G38CaLu4thY7WYiT6NnJJzbE0Man2E0XdxEaq6EVTJI' +
    'ZF0Ru/A7JiTVdnLbRzL+yib6ljaFf2np9iG+piTVdmsykibpTKXyltkRLJ2jNTFTnC5Y2IMjFTmYdZW/JZMzne1k2va/bsUF/wAqkzOaumTa17duxr3LXFPlqlM1e5ci4UxuZtGVxcxuLkGVxcxuLgZXFzG4uBlc' +
    'XMbi4GVxcxuLgY3FzC4uBncXMLi4GdxcwuLgZ3FzC4uBncXMLi4GdxcwuLgZ3CKYXFyi1HEo4quMoZTC9HEo4oRxKPOsphsI4lHGujzJHnUVOcNhHGSONZHko862TVso4lHGsjzJHl2c6tlHEo81s4Skh1smrZR5' +
    'KPNXOE5wu6aNvLGWamc8pOcLumjbzgzhqZwZwbmjbzhGWaucGcG5o2csjLNbOeUZwm66NjLMVcUZwjOE2XVeriMoozhGc8pzsuq5XEK4pyyMsmzrVariFcUq8hXnOy6rVcQrirLMcs52dYWqpCuKsoXJlcM1cRcw' +
    'uLkVncXMLi5BncXMLi4GdxcwuLgZ3FzC4uBncXMLi4GNxcxuLlGVxcxuLgZXFzG4uBlcXMbi4GVxcxuLgZXFzG4uBlcXMbi4GVxcxuLgZXFzG4uBlcXMbi4GeUMpTC4uBZlqMsruLjJhbnBnCq4uXMmF2cGc8pTc' +
    'XGZTEL86M75Si4uMyYhfnfKM75Si4uNpNYX53yjOlFxcZkxC7O+UZwpuLjMmIXZwjOFVxcZlcQtzhGWV3FyZMM8tRlKYXFwMsoXMbi4GVxcxuLgZXFzG4uBlcXMbi4GVxcxuLgZXFzG4uBlcXMbi4GVxcxuLgZXF' +
    'zG4uBhcXAAXFwAFxcABcXAAXFwAFxcABcXAAXFwAFxcABcXAAXFwAFxcABcXAAXFwAFxcABcXAAXFwAFxcABcXAAXFwAFxcABcXAAXFwAFxcABcXAAXFwAFxcABcXAAXFwAFxcAD/9k=',
} as const;

export function seededPhotoBytes(): Uint8Array {
  return Uint8Array.from(atob(SEEDED_PHOTO.base64), (ch) => ch.charCodeAt(0));
}

const HISTORY_LINES: readonly (readonly [fromProvider: boolean, text: string])[] = [
  [true, 'Hi, thanks for reaching out about the kitchen drain. Is it fully blocked or just slow?'],
  [false, 'Just slow. It takes a few minutes to empty after doing dishes.'],
  [true, 'Got it. Do you have a garbage disposal on that sink?'],
  [false, 'Yes, it is about five years old.'],
  [true, 'Any gurgling sounds when the dishwasher runs?'],
  [false, 'Now that you mention it, yes.'],
  [true, 'That usually points to a partial clog further down the line. We can snake it from the cleanout.'],
  [false, 'How long does that usually take?'],
  [true, 'About an hour, sometimes less.'],
  [false, 'And roughly what does it cost?'],
];

/** Deterministic small integer hash (no Math.random: the seed is reproducible). */
function mix(n: number): number {
  let x = (n + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

const LONG_PROVIDER = [
  'Checking in on the project.',
  'We can be there Tuesday morning.',
  'The parts arrived today.',
  'I sent the updated estimate to your e-mail.',
  'Please make sure the area is clear before we arrive.',
  'We finished the first phase; photos coming soon.',
];
const LONG_MEMBER = [
  'Thanks!',
  'Tuesday works.',
  'Could you call me when you are on the way?',
  'The dog will be inside, the gate code is the same as last time.',
  'Looks great so far. One question about the trim color: we went with the lighter one, right?',
  'Sounds good.',
  'Can we move it to the afternoon?',
];

/** Message `i` (0-based) of the long thread: author, text and time follow from `i` alone. */
export function longThreadMessage(i: number, seedNow: Date): StoredMessage {
  const { spId, memberId, messageCount, endsBeforeNowMs, stepMs } = SANDBOX_LONG_THREAD;
  const h = mix(i);
  const fromProvider = h % 3 === 0;
  const pool = fromProvider ? LONG_PROVIDER : LONG_MEMBER;
  const first = pool[h % pool.length]!;
  // Some messages are longer (two or three sentences): rows of different heights.
  const extra = (h >>> 8) % 4 === 0 ? ` ${pool[(h >>> 12) % pool.length]!} ${pool[(h >>> 16) % pool.length]!}` : '';
  return {
    messageId: `msg-long-${String(i + 1).padStart(5, '0')}`,
    spId,
    memberId,
    leadId: null,
    authorId: fromProvider ? spId : memberId,
    authorType: fromProvider ? 'ServiceProvider' : 'Member',
    text: `${first}${extra} (#${i + 1})`,
    createDate: new Date(seedNow.getTime() - endsBeforeNowMs - (messageCount - 1 - i) * stepMs).toISOString(),
    pageName: null,
    contactPlacementType: null,
  };
}

export interface ChatSeedContext {
  now: Date;
  members: Member[];
  threads: Thread[];
  messages: StoredMessage[];
  leadCreateDate: (leadId: number) => string | undefined;
}

/** Adds the chat history to what seedLeads built (appends: existing ids and indexes do not move). */
export function seedChat(ctx: ChatSeedContext): void {
  const { now, members, threads, messages } = ctx;
  let seq = messages.reduce((max, m) => Math.max(max, Number(m.messageId.replace(/\D/g, '')) || 0), 0);
  const push = (spId: number, memberId: number, leadId: number | null, fromProvider: boolean, text: string, at: number, media?: StoredMedia[]) => {
    messages.push({
      messageId: `msg-${String(++seq).padStart(5, '0')}`,
      spId,
      memberId,
      leadId,
      authorId: fromProvider ? spId : memberId,
      authorType: fromProvider ? 'ServiceProvider' : 'Member',
      text,
      createDate: new Date(Math.min(at, now.getTime())).toISOString(),
      pageName: null,
      contactPlacementType: null,
      ...(media ? { media } : {}),
    });
  };

  // The token member follows up with a photo, after the thread's last message.
  const tokenThread = messages.filter((m) => m.spId === MAIN_PROVIDER_ID && m.memberId === SANDBOX_MEMBER_ID);
  const last = tokenThread.at(-1);
  if (last) {
    const at = (new Date(last.createDate).getTime() + now.getTime()) / 2;
    const photo: StoredMedia = {
      mediaSid: SEEDED_PHOTO.mediaSid,
      contentType: SEEDED_PHOTO.contentType,
      filename: SEEDED_PHOTO.filename,
      size: seededPhotoBytes().length,
    };
    push(MAIN_PROVIDER_ID, SANDBOX_MEMBER_ID, last.leadId, false, '', at, [photo]);
  }

  // A longer conversation on the purchased lead: more than one page.
  const history = SANDBOX_HISTORY_THREAD;
  const start = new Date(ctx.leadCreateDate(history.leadId) ?? now.toISOString()).getTime() + 5 * MINUTE;
  const step = Math.max(1000, Math.floor((now.getTime() - start) / (history.messageCount + 1)));
  for (let i = 0; i < history.messageCount; i++) {
    const [fromProvider, text] = HISTORY_LINES[i % HISTORY_LINES.length]!;
    const round = Math.floor(i / HISTORY_LINES.length);
    push(history.spId, history.memberId, history.leadId, fromProvider, round === 0 ? text : `${text} (${round + 1})`, start + i * step);
  }
  if (!threads.some((t) => t.spId === history.spId && t.memberId === history.memberId)) {
    threads.push({ spId: history.spId, memberId: history.memberId, unreadForProvider: false, unreadForMember: false });
  }

  // The long thread's member and conversation (its messages are generated, not stored).
  const long = SANDBOX_LONG_THREAD;
  members.push({
    id: long.memberId,
    firstName: 'Harper',
    lastName: 'Whitfield',
    email: 'harper.whitfield@example.com',
    phoneNumber: '3035550190',
    postalCode: '80202',
  });
  threads.push({ spId: long.spId, memberId: long.memberId, unreadForProvider: false, unreadForMember: false });
}
