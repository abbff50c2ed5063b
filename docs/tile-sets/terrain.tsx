<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="terrain" tilewidth="96" tileheight="96" tilecount="16" columns="4">
 <image source="terrain.png" width="384" height="384"/>
 <wangsets>
  <wangset name="terrain" type="corner" tile="-1">
   <wangcolor name="grass" color="#4f8a2b" tile="-1" probability="1"/>
   <wangcolor name="sand" color="#e0c98f" tile="-1" probability="1"/>
   <wangtile tileid="0" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="1" wangid="0,2,0,1,0,1,0,1"/>
   <wangtile tileid="2" wangid="0,1,0,2,0,1,0,2"/>
   <wangtile tileid="3" wangid="0,1,0,1,0,2,0,1"/>
   <wangtile tileid="4" wangid="0,1,0,2,0,1,0,1"/>
   <wangtile tileid="5" wangid="0,1,0,2,0,2,0,1"/>
   <wangtile tileid="6" wangid="0,2,0,2,0,2,0,1"/>
   <wangtile tileid="7" wangid="0,1,0,1,0,2,0,2"/>
   <wangtile tileid="8" wangid="0,2,0,1,0,2,0,1"/>
   <wangtile tileid="9" wangid="0,2,0,2,0,1,0,2"/>
   <wangtile tileid="10" wangid="0,2,0,2,0,2,0,2"/>
   <wangtile tileid="11" wangid="0,1,0,2,0,2,0,2"/>
   <wangtile tileid="12" wangid="0,1,0,1,0,1,0,2"/>
   <wangtile tileid="13" wangid="0,2,0,2,0,1,0,1"/>
   <wangtile tileid="14" wangid="0,2,0,1,0,2,0,2"/>
   <wangtile tileid="15" wangid="0,2,0,1,0,1,0,2"/>
  </wangset>
 </wangsets>
</tileset>
