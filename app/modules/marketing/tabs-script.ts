/**
 * WAI-ARIA tabs without a framework: click, arrow keys, Home and End. The landing page ships this
 * instead of React. Without JavaScript the first panel stays visible and the page still reads well.
 */
export const tabsScript = `(function(){document.querySelectorAll("[data-tabs]").forEach(function(root){
var tabs=[].slice.call(root.querySelectorAll('[role="tab"]'));
function select(tab,focus){tabs.forEach(function(t){var on=t===tab;t.setAttribute("aria-selected",String(on));t.tabIndex=on?0:-1;
var p=document.getElementById(t.getAttribute("aria-controls"));if(p)p.hidden=!on});if(focus)tab.focus()}
tabs.forEach(function(tab,i){tab.addEventListener("click",function(){select(tab,false)});
tab.addEventListener("keydown",function(e){var rtl=getComputedStyle(root).direction==="rtl",n=tabs.length,j=null;
if(e.key==="ArrowRight")j=rtl?i-1:i+1;else if(e.key==="ArrowLeft")j=rtl?i+1:i-1;else if(e.key==="Home")j=0;else if(e.key==="End")j=n-1;
if(j===null)return;e.preventDefault();select(tabs[(j+n)%n],true)})})})})();`;
