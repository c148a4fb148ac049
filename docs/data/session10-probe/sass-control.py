import re,sys
lines=open(sys.argv[1]).read().split('\n')
fn=sys.argv[2] if len(sys.argv)>2 else None
out=[];cur=None;infn=False
for i,l in enumerate(lines):
    if 'Function :' in l:
        infn = (fn is None) or (fn in l)
        continue
    if not infn: continue
    m=re.match(r'\s+/\*([0-9a-f]{4})\*/\s+(.*?);\s+/\* (0x[0-9a-f]+) \*/',l)
    if m:
        cur=(m.group(1),m.group(2).strip(),int(m.group(3),16));continue
    m2=re.match(r'\s+/\* (0x[0-9a-f]+) \*/',l)
    if m2 and cur:
        hi=int(m2.group(1),16)
        stall=(hi>>41)&0xf; y=(hi>>45)&1; wb=(hi>>46)&7; rb=(hi>>49)&7; wm=(hi>>52)&0x3f; ru=(hi>>58)&0xf
        out.append((cur[0],cur[1],stall,y,wb,rb,wm,ru));cur=None
for o in out:
    print("%s S%02d Y%d W%s R%s M%02x U%x  %s"%(o[0],o[2],o[3],o[4] if o[4]!=7 else '-',o[5] if o[5]!=7 else '-',o[6],o[7],o[1]))
